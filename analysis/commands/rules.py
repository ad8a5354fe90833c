"""``thousand rules list | show NAME | diff A B``."""

from __future__ import annotations

import dataclasses

from ..rules import PROFILES, Rules, field_doc, load_rules, rules_diff


def register(sub) -> None:
    p = sub.add_parser(
        "rules",
        help="list, show and compare rules profiles",
        description="List the profiles, show one (with --set changes) "
        "with the seed citation of every field, or diff two.",
    )
    rs = p.add_subparsers(dest="rules_cmd", metavar="list|show|diff", required=True)
    rs.add_parser("list", help="the built-in profiles").set_defaults(func=_list)
    s = rs.add_parser("show", help="every field of a profile or JSON file")
    s.add_argument("name", help="profile name or JSON file")
    s.add_argument("--set", dest="sets", action="append", default=[], metavar="FIELD=VALUE")
    s.add_argument("--json", action="store_true", help="print JSON (a file --rules accepts)")
    s.add_argument("--docs", action="store_true", help="print each field's seed citation")
    s.set_defaults(func=_show)
    d = rs.add_parser("diff", help="fields that differ between two rules")
    d.add_argument("a")
    d.add_argument("b")
    d.set_defaults(func=_diff)


def _list(args) -> int:
    for name, r in PROFILES.items():
        print(
            f"{name:8s} {r.fingerprint()}  target {r.target}, barrel {r.barrel_threshold} "
            f"({r.barrel_seats} seat{'s' if r.barrel_seats > 1 else ''}), bolts {r.bolt_rule}"
        )
    return 0


def _show(args) -> int:
    r = load_rules(args.name, args.sets)
    if args.json:
        print(r.to_json())
        return 0
    print(f"# {r.name} (fingerprint {r.fingerprint()})")
    for f in dataclasses.fields(Rules):
        print(f"{f.name:30s} {getattr(r, f.name)!r}")
        if args.docs:
            print(f"{'':30s}   {field_doc(f.name)}")
    return 0


def _diff(args) -> int:
    a, b = load_rules(args.a), load_rules(args.b)
    rows = rules_diff(a, b)
    if not rows:
        print(f"{args.a} and {args.b} have the same conventions")
        return 0
    w = max(len(k) for k, _, _ in rows)
    print(f"{'field':{w}s}  {args.a:>18s}  {args.b:>18s}")
    for k, va, vb in rows:
        print(f"{k:{w}s}  {va!r:>18}  {vb!r:>18}")
    return 0
