"""Tools built on the library: the command line (:mod:`~tuolaji.tools.cli`), the arena
(:mod:`~tuolaji.tools.arena`, with its statistics and worker pool), the benchmark
(:mod:`~tuolaji.tools.bench`), text reports and the HTML replay viewer."""
