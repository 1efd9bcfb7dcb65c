"""The whole local stack in one process: AWS emulation, resources, saved or demo data, the API."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from datetime import UTC, datetime

from backoffice.admin.local_stack import API_PORT, AWS_PORT
from local.emulation import AwsEmulation, create_resources, use_endpoint
from local.event_sources import BucketEvents, QueuePoller
from local.front_door import ApiServer
from local.gateway import Gateway
from local.lambda_runtime import lambda_context
from local.persistence import DataFolder, Saver, Snapshot, restore
from local.schedules import Cron
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


def _crons(template: Stack) -> dict[str, list[Cron]]:
    """The functions whose every schedule is a cron, with those (a rate among them runs it after
    each change anyway)."""
    found = {}
    for logical in template.scheduled_functions():
        schedules = template.schedules(logical)
        if all(expression.startswith("cron(") for expression, _ in schedules):
            found[logical] = [Cron.parse(expression, zone) for expression, zone in schedules]
    return found


class LocalStack:
    def __init__(
        self, api_port: int = API_PORT, aws_port: int = AWS_PORT, verbose: bool = True, overrides: str = ""
    ) -> None:
        self.template = Stack.read(overrides=overrides)
        self.aws = _bind("AWS emulation", "LOCAL_AWS_PORT", aws_port, lambda: AwsEmulation(aws_port))
        self._publish_lock = threading.Lock()
        self.crons = _crons(self.template)
        self.looked = datetime.now(UTC)  # when the cron schedules were last looked at
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
            # The cron times that came while the stack was stopped are run at start (below).
            self.looked = datetime.fromisoformat(state.get("saved") or self.looked.isoformat())
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
        with self._publish_lock:
            self._run_crons_due(datetime.now(UTC))
        self.api.start()

    def run_scheduled(self) -> None:
        """What runs on a rate in AWS (the outbox sweep, the webhook dispatcher) runs here after
        each change, which is also when the table's stream would start them in AWS; what runs on a
        cron (the nightly overdue run) runs when one of its times has come since the last look
        (local/schedules.py)."""
        with self._publish_lock:
            for logical in self.template.scheduled_functions():
                if logical not in self.crons:
                    self._run(logical)
            self._run_crons_due(datetime.now(UTC))

    def _run_crons_due(self, now: datetime) -> None:
        for logical, crons in self.crons.items():
            if any(cron.came_between(self.looked, now) for cron in crons):
                self._run(logical)
        self.looked = now

    def _run(self, logical: str) -> None:
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
