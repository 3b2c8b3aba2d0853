"""The shell language: quoting, expansions, operators, redirections, control flow, exit codes."""
from __future__ import annotations

import pytest
from shell_helpers import Sh


@pytest.mark.parametrize(
    ("cmdline", "expected"),
    [
        ("echo a b", "a b\n"),
        ("echo 'a  b' c", "a  b c\n"),
        ('echo "x $HOME y"', "x / y\n"),
        ("echo 'no $HOME'", "no $HOME\n"),
        (r"echo a\ b\;c", "a b;c\n"),
        ('echo "q\\"uote" \'it\'"s"', 'q"uote its\n'),
        ("echo -n a; echo b", "ab\n"),
        (r"echo 'a\tb'", "a\tb\n"),
        ("echo -E 'a\\nb'", "a\\nb\n"),
        ('echo ""', "\n"),
        ("x=1; y=$x$x; echo $y ${y}z", "11 11z\n"),
        ("echo ${UNSET:-dflt} ${HOME:+set}", "dflt set\n"),
        ("v=abc.txt; echo ${v%.txt} ${v#a} ${#v}", "abc bc.txt 7\n"),
        ("echo $((2 + 3 * 4)) $(( (2+3)*4 )) $((7/2)) $((7%3))", "14 20 3 1\n"),
        ("echo $(echo inner) `echo back`", "inner back\n"),
        ('echo "$(printf "a\\n\\n")"', "a\n"),
        ("a='1 2'; for w in $a; do echo [$w]; done", "[1]\n[2]\n"),
        ('a="1 2"; for w in "$a"; do echo [$w]; done', "[1 2]\n"),
        ("echo a # comment", "a\n"),
        ("echo a#b", "a#b\n"),
    ],
)
def test_quoting_and_expansion(sh: Sh, cmdline: str, expected: str) -> None:
    result = sh(cmdline)
    assert result.exit_code == 0, result
    assert result.stdout.decode() == expected


def test_status_and_operators(sh: Sh) -> None:
    assert sh("false; echo X4EXIT:$?").stdout == b"X4EXIT:1\n"
    assert sh("true && echo yes || echo no").stdout == b"yes\n"
    assert sh("false && echo yes || echo no").stdout == b"no\n"
    assert sh("false || false && echo never; echo $?").stdout == b"1\n"
    assert sh("! false && echo negated").stdout == b"negated\n"
    assert sh("exit 7").exit_code == 7
    assert sh("sh -c 'exit 3'; echo $?").stdout == b"3\n"
    assert sh("(exit 4); echo $?").stdout == b"4\n"
    assert sh("false").exit_code == 1
    assert sh("true; false; true").exit_code == 0


def test_unknown_command_is_127_with_mksh_message(sh: Sh) -> None:
    result = sh("frobnicate --now")
    assert result.exit_code == 127
    assert result.stderr == b"/system/bin/sh: frobnicate: inaccessible or not found\n"
    nested = sh("sh -c 'nosuch'")
    assert nested.exit_code == 127
    assert nested.stderr == b"sh: nosuch: inaccessible or not found\n"


def test_syntax_error_is_reported(sh: Sh) -> None:
    result = sh("if true; then echo x")
    assert result.exit_code != 0
    assert b"syntax error" in result.stderr
    assert result.stdout == b""


def test_pipes_and_redirections(sh: Sh) -> None:
    assert sh("printf 'a\\nb\\nc\\n' | grep -v b | wc -l").stdout == b"2\n"
    r = sh("echo one > /data/local/tmp/f; echo two >> /data/local/tmp/f; cat /data/local/tmp/f")
    assert r.stdout == b"one\ntwo\n"
    r = sh("cat /nope 2>/dev/null; echo rc=$?")
    assert r.stdout == b"rc=1\n" and r.stderr == b""
    r = sh("cat /nope 2>&1")
    assert r.stdout == b"cat: /nope: No such file or directory\n" and r.stderr == b""
    r = sh("echo err >&2")
    assert r.stderr == b"err\n" and r.stdout == b""
    r = sh("cat < /data/local/tmp/f </dev/null")
    assert r.stdout == b""
    r = sh("echo x > /no/such/dir/f")
    assert r.exit_code == 1 and b"can't create /no/such/dir/f: No such file or directory" in r.stderr


def test_stdin_reaches_first_command(sh: Sh) -> None:
    assert sh("cat | tr a-z A-Z", stdin=b"hello").stdout == b"HELLO"


def test_if_elif_else_and_tests(sh: Sh) -> None:
    sh("mkdir -p /sdcard/T && echo hi > /sdcard/T/f")
    script = (
        "for p in /sdcard/T/f /sdcard/T /nope; do "
        "if [ -f $p ]; then echo F; elif [ -d $p ]; then echo D; else echo N; fi; done"
    )
    assert sh(script).stdout == b"F\nD\nN\n"
    assert sh("[ -e /sdcard/T/f ] && echo YES || echo NO").stdout == b"YES\n"
    assert sh("[ -f /sdcard/T/f ] && [ ! -L /sdcard/T/f ] && cat /sdcard/T/f").stdout == b"hi\n"
    assert sh("test 3 -lt 10 && test abc = abc && [ -n x ] && [ -z '' ] && echo ok").stdout == b"ok\n"
    assert sh("[ 1 -eq 2 -o a = a ] && echo or").stdout == b"or\n"
    missing = sh("[ 1 -eq 1")
    assert missing.exit_code == 2 and b"missing ]" in missing.stderr


def test_while_loop_reads_lines(sh: Sh) -> None:
    sh("printf 'a\\nb\\n' > /data/local/tmp/lines")
    r = sh("while read line; do echo got:$line; done < /data/local/tmp/lines")
    assert r.stdout == b"got:a\ngot:b\n"
    r = sh("i=0; while [ $i -lt 3 ]; do i=$((i+1)); done; echo $i")
    assert r.stdout == b"3\n"


def test_su_and_sh_forms(sh: Sh) -> None:
    r = sh("su 0 sh -c \"if [ ! -f /x.db ]; then exit 0; fi; echo no\"; echo rc=$?")
    assert r.stdout == b"rc=0\n"
    assert sh("su root id -u").stdout == b"0\n"
    assert sh("su shell id -un").stdout == b"shell\n"
    assert sh("sh -c 'echo $0 $1' zero one").stdout == b"zero one\n"
    assert sh("su 0 sh -c 'rc=5; printf \"__S__:%s\\n\" $rc'").stdout == b"__S__:5\n"
    bad = sh("su -c id")
    assert bad.exit_code == 1 and b"su:" in bad.stderr


def test_multiline_script_with_status_marker(sh: Sh) -> None:
    script = "if [ -e /nope ]; then cat /nope; fi\n rc=$?\n printf '\\n__CATBENCH_MAPS_SHELL_STATUS__:%s\\n' $rc"
    assert sh(script).stdout == b"\n__CATBENCH_MAPS_SHELL_STATUS__:0\n"


def test_background_job_runs_and_returns_zero(sh: Sh) -> None:
    r = sh("(echo bg > /data/local/tmp/bg </dev/null 2>&1 &) || true; cat /data/local/tmp/bg")
    assert r.stdout == b"bg\n" and r.exit_code == 0


def test_globbing(sh: Sh) -> None:
    sh("mkdir -p /sdcard/G/sub && touch /sdcard/G/a.txt /sdcard/G/b.txt /sdcard/G/.hidden /sdcard/G/c.log")
    assert sh("echo /sdcard/G/*.txt").stdout == b"/sdcard/G/a.txt /sdcard/G/b.txt\n"
    assert sh("echo /sdcard/G/*").stdout == b"/sdcard/G/a.txt /sdcard/G/b.txt /sdcard/G/c.log /sdcard/G/sub\n"
    assert sh("echo '/sdcard/G/*'").stdout == b"/sdcard/G/*\n"
    assert sh("echo /sdcard/G/*.none").stdout == b"/sdcard/G/*.none\n"
    assert sh("rm -r /sdcard/G/* && ls -A /sdcard/G").stdout == b".hidden\n"


def test_cd_and_pwd_persist_within_a_script(sh: Sh) -> None:
    assert sh("cd /sdcard && pwd && cd Download && pwd").stdout == b"/sdcard\n/sdcard/Download\n"
    r = sh("cd /nope")
    assert r.exit_code != 0 and b"cd: /nope" in r.stderr


def test_set_e_and_pipefail(sh: Sh) -> None:
    r = sh("set -e; false; echo unreachable")
    assert r.exit_code == 1 and r.stdout == b""
    r = sh("set -o pipefail; false | true; echo $?")
    assert r.stdout == b"1\n"


def test_system_bin_paths_resolve(sh: Sh) -> None:
    assert sh("/system/bin/echo hi").stdout == b"hi\n"
    assert sh("/tmp/echo hi").exit_code == 127


def test_here_documents(sh: Sh) -> None:
    script = "x=42\ncat <<EOF > /sdcard/h.txt\nvalue $x \\$x \"q\" $(echo sub)\nEOF\ncat /sdcard/h.txt\n"
    assert sh(script).stdout == b'value 42 $x "q" sub\n'
    assert sh("cat <<'END'\nraw $x `cmd`\nEND\necho after").stdout == b"raw $x `cmd`\nafter\n"
    assert sh("cat <<-E\n\tindented\n\tE\n").stdout == b"indented\n"
    sql = sh("sqlite3 /data/local/tmp/q.db <<SQL\nCREATE TABLE t(a);\nINSERT INTO t VALUES (7);\nSELECT a FROM t;\nSQL")
    assert sql.stdout == b"7\n" and sql.exit_code == 0


def test_script_files_run_by_path(sh: Sh) -> None:
    sh("printf '#!/system/bin/sh\\necho arg=$1\\nexit 4\\n' > /data/local/tmp/s.sh")
    denied = sh("/data/local/tmp/s.sh x")
    assert denied.exit_code == 126 and b"Permission denied" in denied.stderr
    ran = sh("chmod 755 /data/local/tmp/s.sh && /data/local/tmp/s.sh x")
    assert (ran.stdout, ran.exit_code) == (b"arg=x\n", 4)
    assert sh("cd /data/local/tmp && ./s.sh y").stdout == b"arg=y\n"
    assert sh("sh /data/local/tmp/s.sh z").stdout == b"arg=z\n"
    assert sh("/data/local/tmp/none.sh").exit_code == 127


def test_case_statement(sh: Sh) -> None:
    script = (
        "for f in a.zip b.ZIP notes.txt other; do case $f in *.zip|*.ZIP) echo zip:$f;; *.txt) echo txt:$f;; "
        "*) echo other:$f;; esac; done"
    )
    assert sh(script).stdout == b"zip:a.zip\nzip:b.ZIP\ntxt:notes.txt\nother:other\n"
    assert sh("x='*'; case a in \"$x\") echo literal;; *) echo glob;; esac").stdout == b"glob\n"


def test_functions(sh: Sh) -> None:
    script = "greet() { echo hi $1; return 3; echo never; }\ngreet bob; echo rc=$?; greet ann"
    assert sh(script).stdout == b"hi bob\nrc=3\nhi ann\n"
    assert sh("f() { exit 5; }; f; echo unreachable").exit_code == 5


def test_set_e_ignores_failures_of_non_last_and_or_operands(sh: Sh) -> None:
    assert sh("set -e; false && echo no; echo after").stdout == b"after\n"
    res = sh("set -e; true && false; echo unreachable")
    assert res.stdout == b"" and res.exit_code == 1
    assert sh("set -e; false || echo rescued; echo after").stdout == b"rescued\nafter\n"


def test_repeated_command_lines_share_one_parse_and_run_the_same(sh: Sh) -> None:
    from pytest_anyapp.sim.shell import syntax

    script = "f() { for i in 1 2; do echo $i$1; done; }; f a; x=$((3+4)); echo $x ${x:-no}"
    assert syntax.parse(script) is syntax.parse(script)
    first, second = sh(script), sh(script)
    assert first.stdout == second.stdout == b"1a\n2a\n7 7\n"
