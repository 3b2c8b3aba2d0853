"""Lexer and parser for the subset of mksh/toybox ``sh`` that harness code sends over adb.

Why a real parser: verifiers rely on device-side shell semantics (``;``, ``&&``, ``||``, pipes,
redirections, ``$?``, ``if``/``[ ]`` tests, ``sh -c '...'``), so string tricks would silently
diverge from a device. The grammar follows POSIX sh closely enough for those scripts:

    list      := and_or ((';' | '&' | NEWLINE) and_or)*
    and_or    := pipeline (('&&' | '||') pipeline)*
    pipeline  := ['!'] command ('|' command)*
    command   := simple | '(' list ')' | '{' list '}' | if | for | while | until   (+ redirects)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field


class ShellSyntaxError(Exception):
    """A script the shell cannot parse; reported like mksh's ``syntax error`` messages."""


# -- words ---------------------------------------------------------------------------------------


@dataclass
class Lit:
    """Literal text; ``quoted`` text is neither split nor globbed."""

    text: str
    quoted: bool


@dataclass
class Param:
    """``$name`` / ``${name}`` / ``${name:-word}`` and special parameters (``$?``, ``$@`` ...)."""

    name: str
    quoted: bool
    op: str | None = None  # one of ":-", "-", ":=", "=", ":+", "+", "#" (length), "%", "%%", "#p", "##"
    arg: Word | None = None


@dataclass
class CmdSub:
    """``$(...)`` or backquoted command substitution; the script is parsed when expanded."""

    script: str
    quoted: bool


@dataclass
class Arith:
    """``$((expr))`` arithmetic expansion."""

    expr: str
    quoted: bool


Part = Lit | Param | CmdSub | Arith


@dataclass
class Word:
    parts: list[Part] = field(default_factory=list)

    def literal(self) -> str | None:
        """The word's text if it is a single unquoted literal (reserved-word check)."""
        if len(self.parts) == 1 and isinstance(self.parts[0], Lit) and not self.parts[0].quoted:
            return self.parts[0].text
        return None

    def has_quotes(self) -> bool:
        return any(isinstance(p, Lit) and p.quoted for p in self.parts)


# -- AST -----------------------------------------------------------------------------------------


@dataclass
class Redirect:
    fd: int
    op: str  # "<", ">", ">>", ">&", "<&", ">|", "&>"
    target: Word


@dataclass
class SimpleCommand:
    assignments: list[tuple[str, Word]]
    words: list[Word]
    redirects: list[Redirect]


@dataclass
class Subshell:
    body: CommandList
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Group:
    body: CommandList
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class If:
    branches: list[tuple[CommandList, CommandList]]
    orelse: CommandList | None
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class For:
    var: str
    items: list[Word] | None  # None means "$@"
    body: CommandList
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class While:
    cond: CommandList
    body: CommandList
    until: bool
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Case:
    word: Word
    items: list[tuple[list[Word], CommandList]]
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class FunctionDef:
    name: str
    body: Command
    redirects: list[Redirect] = field(default_factory=list)


Command = SimpleCommand | Subshell | Group | If | For | While | Case | FunctionDef


@dataclass
class Pipeline:
    commands: list[Command]
    negate: bool = False


@dataclass
class AndOr:
    first: Pipeline
    rest: list[tuple[str, Pipeline]]  # ("&&" | "||", pipeline)


@dataclass
class ListItem:
    and_or: AndOr
    background: bool


@dataclass
class CommandList:
    items: list[ListItem]


# -- tokens --------------------------------------------------------------------------------------


@dataclass
class Tok:
    kind: str  # "word" | "op" | "nl" | "eof"
    value: str = ""
    word: Word | None = None
    fd: int | None = None  # IO number for redirection operators
    heredoc: Word | None = None  # body of a here-document whose delimiter is this word


_OPERATORS = ("&&", "||", ";;", ">>", ">&", "<&", ">|", "&>", "<<-", "<<", ";", "&", "|", "(", ")", "<", ">")
_REDIRECT_OPS = {"<", ">", ">>", ">&", "<&", ">|", "&>", "<<", "<<-"}
_WORD_BREAK = set(" \t\n;&|()<>")
_SPECIAL_PARAMS = set("?$#@*!-0123456789")


def _is_name_start(c: str) -> bool:
    return c.isalpha() or c == "_"


def _is_name_char(c: str) -> bool:
    return c.isalnum() or c == "_"


class _Lexer:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    def tokens(self) -> list[Tok]:
        out: list[Tok] = []
        pending: list[tuple[Tok, bool]] = []  # here-document delimiters waiting for their body
        expect_delimiter: bool | None = None
        while True:
            tok = self._next()
            out.append(tok)
            if tok.kind == "op" and tok.value in ("<<", "<<-"):
                expect_delimiter = tok.value == "<<-"
                continue
            if expect_delimiter is not None and tok.kind == "word":
                pending.append((tok, expect_delimiter))
            expect_delimiter = None
            if tok.kind in ("nl", "eof") and pending:
                for delim_tok, strip_tabs in pending:
                    self._read_heredoc(delim_tok, strip_tabs)
                pending = []
            if tok.kind == "eof":
                return out

    def _read_heredoc(self, tok: Tok, strip_tabs: bool) -> None:
        """Consume body lines up to the delimiter line; quoted delimiters keep the body literal."""
        assert tok.word is not None
        quoted = tok.word.has_quotes()
        delimiter = "".join(p.text for p in tok.word.parts if isinstance(p, Lit))
        lines: list[str] = []
        while self.i < len(self.s):
            end = self.s.find("\n", self.i)
            end = len(self.s) if end < 0 else end
            line = self.s[self.i:end]
            self.i = min(end + 1, len(self.s))
            if strip_tabs:
                line = line.lstrip("\t")
            if line == delimiter:
                break
            lines.append(line)
        body = "".join(line + "\n" for line in lines)
        tok.heredoc = Word([Lit(body, True)]) if quoted else Word(_Lexer(body)._heredoc_parts())

    def _heredoc_parts(self) -> list[Part]:
        """An unquoted here-document body: ``$`` and backquote expansions, no field splitting."""
        parts = self._double_quoted(terminator=None)
        return parts

    def _next(self) -> Tok:
        s = self.s
        while self.i < len(s):
            c = s[self.i]
            if c in " \t":
                self.i += 1
            elif c == "\\" and s.startswith("\\\n", self.i):
                self.i += 2
            elif c == "#":
                while self.i < len(s) and s[self.i] != "\n":
                    self.i += 1
            else:
                break
        if self.i >= len(s):
            return Tok("eof")
        c = s[self.i]
        if c == "\n":
            self.i += 1
            return Tok("nl", "\n")
        # IO number: digits directly followed by < or >
        j = self.i
        while j < len(s) and s[j].isdigit():
            j += 1
        if j > self.i and j < len(s) and s[j] in "<>":
            fd = int(s[self.i:j])
            self.i = j
            op = self._operator()
            return Tok("op", op, fd=fd)
        for op in _OPERATORS:
            if s.startswith(op, self.i):
                self.i += len(op)
                return Tok("op", op)
        return Tok("word", word=self._word())

    def _operator(self) -> str:
        for op in _OPERATORS:
            if self.s.startswith(op, self.i):
                self.i += len(op)
                return op
        raise ShellSyntaxError(f"unexpected '{self.s[self.i]}'")

    def _word(self) -> Word:
        s = self.s
        parts: list[Part] = []
        buf: list[str] = []

        def flush(quoted: bool = False) -> None:
            if buf:
                parts.append(Lit("".join(buf), quoted))
                buf.clear()

        while self.i < len(s):
            c = s[self.i]
            if c in _WORD_BREAK:
                break
            if c == "\\":
                if self.i + 1 < len(s):
                    if s[self.i + 1] == "\n":
                        self.i += 2
                        continue
                    flush()
                    parts.append(Lit(s[self.i + 1], True))
                    self.i += 2
                else:
                    buf.append("\\")
                    self.i += 1
            elif c == "'":
                end = s.find("'", self.i + 1)
                if end < 0:
                    raise ShellSyntaxError("unterminated '")
                flush()
                parts.append(Lit(s[self.i + 1:end], True))
                self.i = end + 1
            elif c == '"':
                flush()
                self.i += 1
                parts.extend(self._double_quoted())
            elif c == "$":
                flush()
                parts.append(self._dollar(quoted=False))
            elif c == "`":
                flush()
                parts.append(CmdSub(self._backquote(), False))
            else:
                buf.append(c)
                self.i += 1
        flush()
        return Word(parts)

    def _double_quoted(self, terminator: str | None = '"') -> list[Part]:
        s = self.s
        parts: list[Part] = []
        buf: list[str] = []
        escapable = '$`"\\\n' if terminator else "$`\\\n"
        while True:
            if self.i >= len(s):
                if terminator is None:
                    break
                raise ShellSyntaxError('unterminated "')
            c = s[self.i]
            if c == terminator:
                self.i += 1
                break
            if c == "\\" and self.i + 1 < len(s) and s[self.i + 1] in escapable:
                if s[self.i + 1] != "\n":
                    buf.append(s[self.i + 1])
                self.i += 2
            elif c == "$":
                if buf:
                    parts.append(Lit("".join(buf), True))
                    buf.clear()
                parts.append(self._dollar(quoted=True))
            elif c == "`":
                if buf:
                    parts.append(Lit("".join(buf), True))
                    buf.clear()
                parts.append(CmdSub(self._backquote(), True))
            else:
                buf.append(c)
                self.i += 1
        # "" must still produce an (empty) quoted field
        parts.append(Lit("".join(buf), True))
        return parts

    def _backquote(self) -> str:
        s = self.s
        self.i += 1
        out: list[str] = []
        while True:
            if self.i >= len(s):
                raise ShellSyntaxError("unterminated `")
            c = s[self.i]
            if c == "`":
                self.i += 1
                return "".join(out)
            if c == "\\" and self.i + 1 < len(s) and s[self.i + 1] in "$`\\":
                out.append(s[self.i + 1])
                self.i += 2
                continue
            out.append(c)
            self.i += 1

    def _matching_paren(self, start: int) -> int:
        """Index of the ``)`` closing the ``(`` just before ``start``, skipping quotes."""
        s = self.s
        depth = 1
        i = start
        while i < len(s):
            c = s[i]
            if c == "\\":
                i += 2
                continue
            if c == "'":
                end = s.find("'", i + 1)
                if end < 0:
                    break
                i = end + 1
                continue
            if c == '"':
                i += 1
                while i < len(s) and s[i] != '"':
                    i += 2 if s[i] == "\\" else 1
                i += 1
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return i
            i += 1
        raise ShellSyntaxError("unterminated $(")

    def _dollar(self, quoted: bool) -> Part:
        s = self.s
        i = self.i + 1
        if s.startswith("((", i):
            try:
                end = self._matching_paren(i + 2)
            except ShellSyntaxError:
                end = -1
            if end > 0 and end + 1 < len(s) and s[end + 1] == ")":
                self.i = end + 2
                return Arith(s[i + 2:end], quoted)
        if i < len(s) and s[i] == "(":
            end = self._matching_paren(i + 1)
            self.i = end + 1
            return CmdSub(s[i + 1:end], quoted)
        if i < len(s) and s[i] == "{":
            end = s.find("}", i)
            if end < 0:
                raise ShellSyntaxError("bad substitution")
            self.i = end + 1
            return self._brace_param(s[i + 1:end], quoted)
        if i < len(s) and s[i] in _SPECIAL_PARAMS:
            self.i = i + 1
            return Param(s[i], quoted)
        if i < len(s) and _is_name_start(s[i]):
            j = i
            while j < len(s) and _is_name_char(s[j]):
                j += 1
            self.i = j
            return Param(s[i:j], quoted)
        self.i = i
        return Lit("$", quoted)

    def _brace_param(self, body: str, quoted: bool) -> Param:
        if body.startswith("#") and len(body) > 1:
            return Param(body[1:], quoted, op="#")
        j = 0
        if body and body[0] in _SPECIAL_PARAMS:
            j = 1
        else:
            while j < len(body) and _is_name_char(body[j]):
                j += 1
        name, rest = body[:j], body[j:]
        if not name:
            raise ShellSyntaxError(f"${{{body}}}: bad substitution")
        if not rest:
            return Param(name, quoted)
        for op in (":-", ":=", ":+", ":?", "-", "=", "+", "?", "%%", "%", "##", "#"):
            if rest.startswith(op):
                arg = _Lexer(rest[len(op):])._word_in_brace()
                return Param(name, quoted, op="#p" if op == "#" else op, arg=arg)
        raise ShellSyntaxError(f"${{{body}}}: bad substitution")

    def _word_in_brace(self) -> Word:
        """Parse the operand of ``${x:-...}``: like a word but spaces are literal."""
        s = self.s
        parts: list[Part] = []
        buf: list[str] = []
        while self.i < len(s):
            c = s[self.i]
            if c == "'":
                end = s.find("'", self.i + 1)
                end = len(s) if end < 0 else end
                if buf:
                    parts.append(Lit("".join(buf), False))
                    buf.clear()
                parts.append(Lit(s[self.i + 1:end], True))
                self.i = end + 1
            elif c == '"':
                if buf:
                    parts.append(Lit("".join(buf), False))
                    buf.clear()
                self.i += 1
                parts.extend(self._double_quoted())
            elif c == "$":
                if buf:
                    parts.append(Lit("".join(buf), False))
                    buf.clear()
                parts.append(self._dollar(quoted=False))
            else:
                buf.append(c)
                self.i += 1
        if buf:
            parts.append(Lit("".join(buf), False))
        return Word(parts)


# -- parser --------------------------------------------------------------------------------------

_RESERVED_END = {"then", "elif", "else", "fi", "do", "done", "}", "esac"}


class _Parser:
    def __init__(self, tokens: list[Tok]) -> None:
        self.toks = tokens
        self.i = 0

    # token helpers
    def peek(self) -> Tok:
        return self.toks[self.i]

    def advance(self) -> Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def peek_reserved(self) -> str | None:
        tok = self.peek()
        if tok.kind == "word" and tok.word is not None:
            return tok.word.literal()
        return None

    def skip_newlines(self) -> None:
        while self.peek().kind == "nl":
            self.advance()

    def expect_reserved(self, name: str) -> None:
        self.skip_newlines()
        if self.peek_reserved() != name:
            raise ShellSyntaxError(f"syntax error: '{self._describe()}' unexpected (expecting \"{name}\")")
        self.advance()

    def _describe(self) -> str:
        tok = self.peek()
        if tok.kind == "eof":
            return "end of file"
        if tok.kind == "nl":
            return "newline"
        if tok.kind == "op":
            return tok.value
        return tok.word.literal() or "word" if tok.word else "word"

    # grammar
    def parse_program(self) -> CommandList:
        result = self.parse_list(top=True)
        if self.peek().kind != "eof":
            raise ShellSyntaxError(f"syntax error: '{self._describe()}' unexpected")
        return result

    def parse_list(self, top: bool = False) -> CommandList:
        items: list[ListItem] = []
        while True:
            self.skip_newlines()
            tok = self.peek()
            if tok.kind == "eof":
                break
            if tok.kind == "op" and tok.value in (")", ";;"):
                break
            if self.peek_reserved() in _RESERVED_END:
                break
            and_or = self.parse_and_or()
            background = False
            tok = self.peek()
            if tok.kind == "op" and tok.value in (";", "&"):
                background = tok.value == "&"
                self.advance()
            elif tok.kind == "nl":
                self.advance()
            items.append(ListItem(and_or, background))
        return CommandList(items)

    def parse_and_or(self) -> AndOr:
        first = self.parse_pipeline()
        rest: list[tuple[str, Pipeline]] = []
        while self.peek().kind == "op" and self.peek().value in ("&&", "||"):
            op = self.advance().value
            self.skip_newlines()
            rest.append((op, self.parse_pipeline()))
        return AndOr(first, rest)

    def parse_pipeline(self) -> Pipeline:
        negate = False
        while self.peek_reserved() == "!":
            self.advance()
            negate = not negate
        commands = [self.parse_command()]
        while self.peek().kind == "op" and self.peek().value == "|":
            self.advance()
            self.skip_newlines()
            commands.append(self.parse_command())
        return Pipeline(commands, negate)

    def parse_command(self) -> Command:
        tok = self.peek()
        word = self.peek_reserved()
        cmd: Command
        if tok.kind == "op" and tok.value == "(":
            self.advance()
            body = self.parse_list()
            if not (self.peek().kind == "op" and self.peek().value == ")"):
                raise ShellSyntaxError(f"syntax error: '{self._describe()}' unexpected (expecting \")\")")
            self.advance()
            cmd = Subshell(body)
        elif word == "{":
            self.advance()
            body = self.parse_list()
            self.expect_reserved("}")
            cmd = Group(body)
        elif word == "if":
            cmd = self.parse_if()
        elif word == "for":
            cmd = self.parse_for()
        elif word == "case":
            cmd = self.parse_case()
        elif (
            tok.kind == "word" and word is not None and word not in _RESERVED_END
            and self.i + 2 < len(self.toks)
            and self.toks[self.i + 1].kind == "op" and self.toks[self.i + 1].value == "("
            and self.toks[self.i + 2].kind == "op" and self.toks[self.i + 2].value == ")"
        ):
            self.i += 3
            self.skip_newlines()
            cmd = FunctionDef(word, self.parse_command())
        elif word in ("while", "until"):
            self.advance()
            cond = self.parse_list()
            self.expect_reserved("do")
            body = self.parse_list()
            self.expect_reserved("done")
            cmd = While(cond, body, until=word == "until")
        elif word in _RESERVED_END:
            raise ShellSyntaxError(f"syntax error: '{word}' unexpected")
        else:
            return self.parse_simple()
        redirects = self.parse_redirects()
        cmd.redirects = redirects  # type: ignore[union-attr]
        return cmd

    def parse_if(self) -> If:
        self.advance()
        branches: list[tuple[CommandList, CommandList]] = []
        cond = self.parse_list()
        self.expect_reserved("then")
        body = self.parse_list()
        branches.append((cond, body))
        orelse: CommandList | None = None
        while True:
            self.skip_newlines()
            word = self.peek_reserved()
            if word == "elif":
                self.advance()
                cond = self.parse_list()
                self.expect_reserved("then")
                branches.append((cond, self.parse_list()))
            elif word == "else":
                self.advance()
                orelse = self.parse_list()
            elif word == "fi":
                self.advance()
                return If(branches, orelse)
            else:
                raise ShellSyntaxError(f"syntax error: '{self._describe()}' unexpected (expecting \"fi\")")

    def parse_case(self) -> Case:
        self.advance()
        tok = self.advance()
        if tok.kind != "word" or tok.word is None:
            raise ShellSyntaxError("syntax error: bad case word")
        self.expect_reserved("in")
        items: list[tuple[list[Word], CommandList]] = []
        while True:
            self.skip_newlines()
            if self.peek_reserved() == "esac":
                self.advance()
                return Case(tok.word, items)
            if self.peek().kind == "op" and self.peek().value == "(":
                self.advance()
            patterns: list[Word] = []
            while True:
                pat = self.advance()
                if pat.kind != "word" or pat.word is None:
                    raise ShellSyntaxError("syntax error: bad case pattern")
                patterns.append(pat.word)
                nxt = self.advance()
                if nxt.kind == "op" and nxt.value == "|":
                    continue
                if nxt.kind == "op" and nxt.value == ")":
                    break
                raise ShellSyntaxError("syntax error: expecting ')' in case pattern")
            body = self.parse_list()
            items.append((patterns, body))
            if self.peek().kind == "op" and self.peek().value == ";;":
                self.advance()

    def parse_for(self) -> For:
        self.advance()
        tok = self.advance()
        name = tok.word.literal() if tok.kind == "word" and tok.word else None
        if not name or not all(_is_name_char(c) for c in name):
            raise ShellSyntaxError("syntax error: bad for loop variable")
        items: list[Word] | None = None
        self.skip_newlines()
        if self.peek_reserved() == "in":
            self.advance()
            items = []
            while self.peek().kind == "word":
                word = self.advance().word
                assert word is not None
                items.append(word)
        if self.peek().kind == "op" and self.peek().value == ";":
            self.advance()
        self.expect_reserved("do")
        body = self.parse_list()
        self.expect_reserved("done")
        return For(name, items, body)

    def parse_redirects(self) -> list[Redirect]:
        out: list[Redirect] = []
        while self.peek().kind == "op" and self.peek().value in _REDIRECT_OPS:
            out.append(self.parse_redirect())
        return out

    def parse_redirect(self) -> Redirect:
        tok = self.advance()
        target = self.advance()
        if target.kind != "word" or target.word is None:
            raise ShellSyntaxError(f"syntax error: '{target.value or 'newline'}' unexpected")
        if tok.value in ("<<", "<<-"):
            body = target.heredoc if target.heredoc is not None else Word([Lit("", True)])
            return Redirect(tok.fd if tok.fd is not None else 0, "<<", body)
        default_fd = 0 if tok.value in ("<", "<&") else 1
        fd = tok.fd if tok.fd is not None else default_fd
        return Redirect(fd, tok.value, target.word)

    def parse_simple(self) -> SimpleCommand:
        assignments: list[tuple[str, Word]] = []
        words: list[Word] = []
        redirects: list[Redirect] = []
        while True:
            tok = self.peek()
            if tok.kind == "op" and tok.value in _REDIRECT_OPS:
                redirects.append(self.parse_redirect())
                continue
            if tok.kind != "word" or tok.word is None:
                break
            self.advance()
            if not words:
                assignment = _as_assignment(tok.word)
                if assignment is not None:
                    assignments.append(assignment)
                    continue
            words.append(tok.word)
        if not assignments and not words and not redirects:
            raise ShellSyntaxError(f"syntax error: '{self._describe()}' unexpected")
        return SimpleCommand(assignments, words, redirects)


def _as_assignment(word: Word) -> tuple[str, Word] | None:
    if not word.parts or not isinstance(word.parts[0], Lit) or word.parts[0].quoted:
        return None
    text = word.parts[0].text
    eq = text.find("=")
    if eq <= 0:
        return None
    name = text[:eq]
    if not _is_name_start(name[0]) or not all(_is_name_char(c) for c in name):
        return None
    rest: list[Part] = []
    if text[eq + 1:]:
        rest.append(Lit(text[eq + 1:], False))
    rest.extend(word.parts[1:])
    return name, Word(rest)


_CACHE_MAX_CHARS = 4096


def parse(script: str) -> CommandList:
    """Parse a whole script; raises :class:`ShellSyntaxError`.

    Trees are only ever read by the interpreter, so a command line seen before (health probes,
    screenshots, the same verifier query every step) is parsed once and the tree is shared."""
    if len(script) > _CACHE_MAX_CHARS:
        return _parse(script)
    return _parse_cached(script)


def _parse(script: str) -> CommandList:
    return _Parser(_Lexer(script).tokens()).parse_program()


_parse_cached = functools.lru_cache(maxsize=2048)(_parse)


def parse_loose_word(text: str) -> Word:
    """Parse text in which spaces are literal (``${x:-a b}`` operands, ``$(( ))`` bodies)."""
    return _Lexer(text)._word_in_brace()
