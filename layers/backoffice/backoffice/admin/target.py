"""Where an admin command writes: the local stack (--local) or a deployed stack (--stack NAME)."""

from __future__ import annotations

import argparse
import os

from backoffice.admin import CommandFailed, local_stack

# Stack output -> environment variable the layer's settings read.
STACK_OUTPUTS = {
    "TableName": "TABLE_NAME",
    "IdempotencyTableName": "IDEMPOTENCY_TABLE_NAME",
    "UsersTableName": "USERS_TABLE_NAME",
    "BucketName": "BUCKET_NAME",
    "InvoiceArchiveName": "ARCHIVE_BUCKET_NAME",
    "EventBusName": "EVENT_BUS_NAME",
    "SigningKeySecret": "SIGNING_KEY_SECRET",
    "ClientUsagePlanId": "CLIENT_USAGE_PLAN_ID",
}


def add_target_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--local",
        action="store_true",
        help="write to the local stack of `make run` (the one on LOCAL_DATA, else this working tree's; "
        "LOCAL_AWS_PORT names its AWS port instead, PORT must be its API's)",
    )
    group.add_argument("--stack", metavar="NAME", help="write to the deployed CloudFormation stack NAME")


def select_target(args: argparse.Namespace) -> str:
    """Point the layer's settings and clients at the chosen target; a description of it."""
    if args.local:
        os.environ["AWS_ENDPOINT_URL"] = local_stack.aws_endpoint()
        for var, value in (
            ("AWS_ACCESS_KEY_ID", "local"),
            ("AWS_SECRET_ACCESS_KEY", "local"),
            ("AWS_DEFAULT_REGION", "eu-central-1"),
        ):
            os.environ.setdefault(var, value)
        return f"the local stack at {os.environ['AWS_ENDPOINT_URL']}"
    if args.stack:
        import boto3

        stack = boto3.client("cloudformation").describe_stacks(StackName=args.stack)["Stacks"][0]
        outputs = {o["OutputKey"]: o["OutputValue"] for o in stack.get("Outputs", [])}
        for output, var in STACK_OUTPUTS.items():
            if output in outputs:
                os.environ[var] = outputs[output]
        # The token lifetime decides how soon the signing key may be rotated again.
        parameters = {p["ParameterKey"]: p.get("ParameterValue") for p in stack.get("Parameters", [])}
        if parameters.get("TokenTtlSeconds"):
            os.environ["TOKEN_TTL_SECONDS"] = str(parameters["TokenTtlSeconds"])
        return f"stack {args.stack}"
    return "the resources named by the environment (TABLE_NAME, ...)"


def require_users_table(args: argparse.Namespace) -> None:
    """A deployed stack of a release before the users' own table has none: never write users to the
    local default name in a real account, where it may be anyone's table."""
    if args.stack and not os.environ.get("USERS_TABLE_NAME"):
        raise CommandFailed(f"Stack {args.stack} has no UsersTableName output: deploy this release first.")
