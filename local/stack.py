"""The whole local stack in one process: AWS emulation, resources, demo data, the API."""

from __future__ import annotations

import os
import threading

from local.emulation import AwsEmulation, create_resources, use_endpoint
from local.gateway import ApiServer, Gateway
from local.template import Stack


class LocalStack:
    def __init__(self, api_port: int = 3000, aws_port: int = 4566, verbose: bool = True) -> None:
        self.template = Stack.read()
        self.aws = AwsEmulation(aws_port)
        self._publish_lock = threading.Lock()
        self.gateway = Gateway(self.template, after_request=self.run_scheduled)
        self.api = ApiServer(self.gateway, api_port, verbose)
        self.created: list[str] = []
        self.demo: list[str] = []

    def start(self, demo: bool = True) -> None:
        self.aws.start()
        use_endpoint(self.aws.endpoint)
        # Every function's environment, as the template sets it; all share this one process.
        for logical in self.template.resources("AWS::Serverless::Function"):
            os.environ.update(self.template.environment(logical))
        self.created = create_resources(self.template)
        if demo:
            from local.demo import load_demo

            self.demo = load_demo()
        self.gateway.load_all()
        self.api.start()

    def run_scheduled(self) -> None:
        """What runs on a schedule in AWS (the outbox sweep) runs here after each change."""
        with self._publish_lock:
            for logical in self.template.scheduled_functions():
                from local.gateway import lambda_context

                self.gateway.handler(logical)({}, lambda_context(logical))

    def stop(self) -> None:
        self.api.stop()
        self.aws.stop()
