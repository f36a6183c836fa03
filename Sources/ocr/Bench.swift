import ArgumentParser
struct Bench: AsyncParsableCommand {}
