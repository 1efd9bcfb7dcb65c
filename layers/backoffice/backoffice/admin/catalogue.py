"""`import PATH [--local | --stack NAME]`: load a catalogue (docs/catalogue.md) into the tables."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from backoffice.admin.target import add_target_arguments, select_target


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "import", help="import articles, prices, stock, media, customers' price lists and the configuration"
    )
    parser.add_argument("path", type=Path, help="a .jsonl file, or a folder of them (media files beside them)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_target_arguments(parser)
    parser.set_defaults(run=run_import)


def run_import(args: argparse.Namespace) -> int:
    if not args.path.exists():
        print(f"{args.path} does not exist.", file=sys.stderr)
        return 2
    where = select_target(args)
    from backoffice.catalogue.importer import ImportRefused, import_catalogue, progress_bar

    try:
        result = import_catalogue(args.path, None if args.quiet else progress_bar())
    except ImportRefused as refused:
        print(f"Import refused, nothing written ({len(refused.problems)} problems):", file=sys.stderr)
        for problem in refused.problems[:200]:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"Imported into {where}: {result.summary()}.")
    return 0
