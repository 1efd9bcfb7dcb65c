"""Which receiver URLs a subscription may name."""

from __future__ import annotations

import pytest

from backoffice.webhooks.urls import MAX_LENGTH, problem


@pytest.mark.parametrize(
    "url", ["https://shop.example.ch/hooks", "https://93.184.215.14/x", "https://[2606:4700::1111]:8443/h?a=1"]
)
def test_public_https_is_fine_everywhere(url: str) -> None:
    assert problem(url, in_aws=True) is None
    assert problem(url, in_aws=False) is None


@pytest.mark.parametrize(
    "url",
    [
        "http://shop.example.ch/hooks",  # not https
        "https://127.0.0.1/x",  # loopback
        "https://localhost/x",
        "https://10.1.2.3/x",  # private
        "https://192.168.0.10/x",
        "https://169.254.169.254/latest/meta-data/",  # the metadata service (link-local)
        "https://[fd00:ec2::254]/",  # its IPv6 address (private)
        "https://[::1]/",
        "https://0.0.0.0/",
        "https://2130706433/",  # 127.0.0.1 as one number
        "https://0x7f.1/",
        "https://metadata.google.internal/",
        "https://user:pass@shop.example.ch/",  # credentials
        "ftp://shop.example.ch/",
        "shop.example.ch/hooks",
        "https://",
        "https://shop.example.ch:notaport/",
        "https://shop.example.ch/" + "a" * MAX_LENGTH,
    ],
)
def test_refused_in_aws(url: str) -> None:
    assert problem(url, in_aws=True)


def test_the_local_stack_takes_http_to_localhost_only() -> None:
    assert problem("http://127.0.0.1:8123/hook", in_aws=False) is None
    assert problem("http://localhost:8123/hook", in_aws=False) is None
    assert problem("https://[::1]:8123/hook", in_aws=False) is None
    assert problem("http://shop.example.ch/hook", in_aws=False)
    assert problem("http://127.0.0.1:8123/hook", in_aws=True)


@pytest.mark.parametrize(
    "url",
    [
        "https://10.1.2.3/x",
        "https://169.254.169.254/latest/meta-data/",
        "https://[fd00:ec2::254]/",
        "https://[::ffff:169.254.169.254]/",
        "https://127.0.0.2/x",  # loopback, but not the local host the stack lets through
        "https://0.0.0.0/",
        "https://2130706433/",
        "https://metadata.google.internal/",
    ],
)
def test_the_local_stack_refuses_private_and_metadata_addresses_too(url: str) -> None:
    assert problem(url, in_aws=False)
