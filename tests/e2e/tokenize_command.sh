#!/usr/bin/env bash
# `aiperf tokenize`: counts and ids under the builtin tokenizer (tiktoken o200k_base), from an
# argument and from stdin; a local tokenizer.json path works the same way.
source "$(dirname "$0")/lib/common.bash"

[ "$("$AIPERF" tokenize --tokenizer builtin "Hello world")" = "2" ] || fail "count of 'Hello world'"
[ "$("$AIPERF" tokenize --tokenizer builtin --ids "Hello world")" = "13225 2375" ] || fail "ids of 'Hello world'"
[ "$(printf 'Hello world' | "$AIPERF" tokenize --tokenizer builtin --count -)" = "2" ] || fail "count from stdin"
# The mock's vocabulary is one token per word under the builtin tokenizer.
[ "$("$AIPERF" tokenize --tokenizer builtin " the of and to in is")" = "6" ] || fail "mock words"
"$AIPERF" tokenize --help | grep -q -- "--tokenizer" || fail "tokenize --help"
echo "ok"
