"""The whole local stack in one process: AWS emulation, resources, saved or demo data, the API."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

from backoffice.admin.local_stack import API_PORT, AWS_PORT
from local.emulation import AwsEmulation, create_resources, use_endpoint
from local.event_sources import BucketEvents, QueuePoller
from local.front_door import ApiServer
from local.gateway import Gateway
from local.lambda_runtime import lambda_context
from local.persistence import DataFolder, Saver, Snapshot, restore
from local.template import Stack


class PortTaken(OSError):
    pass


def _bind[T](what: str, variable: str, port: int, make: Callable[[], T]) -> T:
    try:
        return make()
    except OSError as exc:
        other = port + 1 if port else 0
        raise PortTaken(
            f"port {port} of the {what} is taken ({exc.strerror}); move it with {variable}, "
            f"e.g. `{variable}={other} make run`"
        ) from exc


class LocalStack:
    def __init__(
        self, api_port: int = API_PORT, aws_port: int = AWS_PORT, verbose: bool = True, overrides: str = ""
    ) -> None:
        self.template = Stack.read(overrides=overrides)
        self.aws = _bind("AWS emulation", "LOCAL_AWS_PORT", aws_port, lambda: AwsEmulation(aws_port))
        self._publish_lock = threading.Lock()
        self.gateway = Gateway(self.template, after_request=self.run_scheduled)
        self.api = _bind("API", "PORT", api_port, lambda: ApiServer(self.gateway, api_port, verbose))
        self.created: list[str] = []
        self.demo: list[str] = []
        self.restored: Snapshot | None = None
        self.saver: Saver | None = None
        self.pollers: list[QueuePoller] = []

    def start(self, demo: bool = True, data: DataFolder | None = None) -> None:
        """With a data folder: its saved data if it has any, else the demo data, saved from then on."""
        self.aws.start()
        use_endpoint(self.aws.endpoint)
        # Every function's environment, as the template sets it; all share this one process.
        for logical in self.template.resources("AWS::Serverless::Function"):
            os.environ.update(self.template.environment(logical))
        self.created = create_resources(self.template)
        state = data.load() if data else None
        if data and state is not None:
            self.restored = restore(self.template, state, data.blobs)
        elif demo:
            from local.demo import load_demo

            self.demo = load_demo()
        if data:
            self.saver = Saver(data, self.template, self.aws)
            self.saver.save()
            self.saver.start()
        self.gateway.load_all()
        # The functions on a queue (webhook delivery) run from it, as Lambda's event source does.
        self.pollers = [
            QueuePoller(self.gateway.runtime, *source, sends=self.aws) for source in self.template.queue_sources()
        ]
        # The functions on the bucket's events (the bank files' import), as S3 and EventBridge run them.
        self.pollers += [
            BucketEvents(self.gateway.runtime, source, sends=self.aws) for source in self.template.bucket_sources()
        ]
        for poller in self.pollers:
            poller.start()
        self.api.start()

    def run_scheduled(self) -> None:
        """What runs on a schedule in AWS (the outbox sweep, the webhook dispatcher) runs here after
        each change, which is also when the table's stream would start them in AWS."""
        with self._publish_lock:
            for logical in self.template.scheduled_functions():
                self.gateway.runtime.handler(logical)({}, lambda_context(logical))

    def stop(self) -> Snapshot | None:
        """Stop serving; with a data folder, the last snapshot (the emulation stays locked after it)."""
        self.api.stop()
        for poller in self.pollers:
            poller.stop()
        if self.saver:
            return self.saver.final_save()
        self.aws.stop()
        return None
