// The tests' way of running a program and reading what it printed is the benchmarks' own:
// re-exported here so that a test imports its helpers from one module, not the benchmarks.
@_exported import enum OCRKitBench.ChildProcess
