import Testing

/// A trait that puts each test case in its scope, given to a test or to a suite (then to every
/// test of it): the tests' own traits (``Testing/Trait/heavy``,
/// ``Testing/Trait/onThreadsOfTheirOwn``) write only `provideScope`.
public protocol TestCaseTrait: TestTrait, SuiteTrait, TestScoping {}

extension TestCaseTrait {
    public var isRecursive: Bool { true }

    /// A scope for each test case only: a suite's own scope would add nothing around them (and a
    /// heavy suite's would hold a core while its tests wait).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }
}
