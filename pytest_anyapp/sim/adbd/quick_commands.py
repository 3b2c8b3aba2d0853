"""Which shell command lines are safe to run on the event loop instead of a worker thread.

Why: the hop to a worker thread and back is most of a short shell round trip, yet a command that
sleeps, loops or waits on the device lock must never stall the other streams. So only command
lines that are provably short run inline: simple commands from a small list whose work is
bounded by the command line (no sleep, no device lock, at most a stat), joined by ``;``, ``&&``, ``||``, pipes, ``if``, ``{ }`` or ``( )``.
No loops, no functions, no ``$(( ))``, no globbing, and only ``/dev/null`` or fd redirections.
Everything else (and anything that does not parse) takes the worker thread as before.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pytest_anyapp.sim.shell import syntax

# Commands whose cost is bounded by the length of the command line: no sleeping, no device lock,
# no filesystem walk. (printf is left out: a width like %999999999d is unbounded.)
QUICK_COMMANDS = frozenset({
    ":", "true", "false", "echo", "test", "[", "exit", "pwd",
    "getprop", "id", "whoami", "uname",
})

_GLOB_CHARS = frozenset("*?[")
_MAX_LENGTH = 4096
# The first command word, past any "(", "{", "!" or "if": most command lines are ruled out by it
# alone, so they do not pay for a parse on the event loop (the worker parses them anyway).
_FIRST_WORD = re.compile(r"\s*(?:(?:[({!]|if\s)\s*)*([^\s;&|()<>]*)")


@lru_cache(maxsize=512)
def is_quick(command: str) -> bool:
    """True if ``command`` can run on the event loop without any chance of blocking it."""
    if len(command) > _MAX_LENGTH:
        return False
    first = _FIRST_WORD.match(command)
    if first is None or (first.group(1) and first.group(1) not in QUICK_COMMANDS):
        return False
    try:
        tree = syntax.parse(command)
    except syntax.ShellSyntaxError:
        return False  # the worker reports the syntax error, exactly as before
    return _list_ok(tree)


def _list_ok(node: syntax.CommandList) -> bool:
    return all(not item.background and _and_or_ok(item.and_or) for item in node.items)


def _and_or_ok(node: syntax.AndOr) -> bool:
    return _pipeline_ok(node.first) and all(_pipeline_ok(p) for _, p in node.rest)


def _pipeline_ok(node: syntax.Pipeline) -> bool:
    return all(_command_ok(c) for c in node.commands)


def _command_ok(node: syntax.Command) -> bool:
    if isinstance(node, syntax.SimpleCommand):
        return _simple_ok(node)
    if isinstance(node, (syntax.Group, syntax.Subshell)):
        return _redirects_ok(node.redirects) and _list_ok(node.body)
    if isinstance(node, syntax.If):
        branches_ok = all(_list_ok(cond) and _list_ok(body) for cond, body in node.branches)
        return branches_ok and (node.orelse is None or _list_ok(node.orelse)) and _redirects_ok(node.redirects)
    return False  # loops, case, function definitions


def _simple_ok(node: syntax.SimpleCommand) -> bool:
    if not node.words:
        return False  # bare assignments: harmless, but not worth a special case
    name = node.words[0].literal()
    if name not in QUICK_COMMANDS:
        return False
    words = [value for _, value in node.assignments] + node.words[1:]  # the name is a plain literal
    return all(_word_ok(w) for w in words) and _redirects_ok(node.redirects)


def _word_ok(word: syntax.Word) -> bool:
    for part in word.parts:
        if isinstance(part, syntax.Lit):
            if not part.quoted and not _GLOB_CHARS.isdisjoint(part.text):
                return False
        elif isinstance(part, syntax.Param):
            if part.arg is not None and not _word_ok(part.arg):
                return False
        elif isinstance(part, syntax.CmdSub):
            if not is_quick(part.script):
                return False
        else:  # arithmetic: unbounded work for a short expression
            return False
    return True


def _redirects_ok(redirects: list[syntax.Redirect]) -> bool:
    for r in redirects:
        target = r.target.literal()
        if r.op in (">&", "<&") and target is not None and (target.isdigit() or target == "-"):
            continue
        if r.op in (">", ">>", "<", "&>", ">|") and target == "/dev/null":
            continue
        return False
    return True
