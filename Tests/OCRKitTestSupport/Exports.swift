// The tests run programs and servers as the benchmarks run their contenders: re-exported here so
// that a test imports its helpers from one module.
@_exported import enum OCRKitProcesses.ChildProcess
@_exported import enum OCRKitProcesses.Chromium
