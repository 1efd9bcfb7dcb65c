"""The service's log files: objects under the bucket's log prefix and its own log groups."""

from __future__ import annotations

from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings


def delete_log_objects() -> int:
    """Delete every object under the log prefix; the number deleted."""
    settings = get_settings()
    s3 = client("s3")
    deleted = 0
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=settings.bucket_name, Prefix=settings.log_prefix):
        keys = [{"Key": obj["Key"]} for obj in page.get("Contents", [])]
        if keys:  # list pages hold at most 1000 keys, as many as one delete_objects takes
            s3.delete_objects(Bucket=settings.bucket_name, Delete={"Objects": keys, "Quiet": True})
            deleted += len(keys)
    return deleted


def delete_log_streams() -> int:
    """Delete the streams of the service's own log groups (those named with LOG_GROUP_PREFIX)."""
    prefix = get_settings().log_group_prefix
    if not prefix:
        return 0
    logs = client("logs")
    deleted = 0
    for page in logs.get_paginator("describe_log_groups").paginate(logGroupNamePrefix=prefix):
        for group in page.get("logGroups", []):
            name = group["logGroupName"]
            for spage in logs.get_paginator("describe_log_streams").paginate(logGroupName=name):
                for stream in spage.get("logStreams", []):
                    logs.delete_log_stream(logGroupName=name, logStreamName=stream["logStreamName"])
                    deleted += 1
    return deleted
