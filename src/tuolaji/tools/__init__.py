"""Tools built on the library: the command line (`cli`), the arena
([`arena`][tuolaji.tools.arena], with its statistics and worker pool), the benchmark
(`bench`), text reports and the HTML replay viewer."""
