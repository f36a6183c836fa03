import OCRKit
import OCRKitQueue
import Testing

/// The processor's decisions, each on its own: no store, no engine, no time passing.
struct ProcessorStateMachineTests {
    private func machine(_ change: (inout OCRProcessor.Configuration) -> Void = { _ in }, cores: Int = 4,
                         announces: Bool = false) -> ProcessorStateMachine {
        var configuration = OCRProcessor.Configuration()
        change(&configuration)
        var machine = ProcessorStateMachine(configuration: configuration, processorCount: cores, storeAnnounces: announces)
        machine.handle(.started)
        return machine
    }

    @Test func example() {
        // Example from Sources/OCRKitQueue/Processing/ProcessorStateMachine.swift
        var machine = ProcessorStateMachine(configuration: OCRProcessor.Configuration(), processorCount: 2)
        machine.handle(.started)
        machine.handle(.paused)
        let step = machine.nextStep(forWorker: 0, after: nil)          // .wait(pollInterval): nothing is taken
        let outcome = machine.outcome(of: .engineFailure, attempt: 1)  // .retry(after: .seconds(2))

        #expect(step == .wait(OCRProcessor.Configuration().pollInterval))
        #expect(outcome == .retry(after: .seconds(2)))
    }

    @Test func interactiveModeHasAWorkerACoreUpToTheLimitAndBackgroundModeOne() {
        #expect(machine(cores: 4).jobs == 4)
        #expect(machine({ $0.jobs = 2 }, cores: 4).jobs == 2)
        #expect(machine({ $0.jobs = 0 }, cores: 4).jobs == 1)
        var background = machine(cores: 4)
        background.handle(.policyChanged(.background))
        #expect(background.jobs == 1)
        #expect(background.nextStep(forWorker: 0, after: nil) == .claim)
        #expect(background.nextStep(forWorker: 1, after: nil) == .stop, "workers beyond the count stop")
    }

    @Test func aStoppedProcessorsWorkersStop() {
        var machine = machine()
        #expect(machine.nextStep(forWorker: 0, after: nil) == .claim)
        machine.handle(.stopped)
        #expect(machine.nextStep(forWorker: 0, after: nil) == .stop)
        #expect(machine.nextStep(forWorker: 0, after: .noneReady) == .stop)
    }

    @Test func pausingHoldsEveryWorkerUntilResumed() {
        var machine = machine { $0.pollInterval = .milliseconds(250) }
        #expect(publishes(&machine, .paused) == .paused(reason: "paused"))
        #expect(publishes(&machine, .paused) == nil, "an unchanged state is not published again")
        for slot in 0..<machine.jobs {
            #expect(machine.nextStep(forWorker: slot, after: nil) == .wait(.milliseconds(250)))
        }
        #expect(publishes(&machine, .resumed) == .idle)
        #expect(machine.nextStep(forWorker: 0, after: nil) == .claim)
    }

    @Test func aShortageWaitsAndSaysWhyButThePausedCallerComesFirst() {
        var machine = machine()
        #expect(publishes(&machine, .resourcesChecked(shortage: "low memory")) == .paused(reason: "low memory"))
        #expect(machine.nextStep(forWorker: 0, after: nil) == .wait(ProcessorStateMachine.recheckInterval))
        #expect(publishes(&machine, .paused) == .paused(reason: "paused"))
        #expect(publishes(&machine, .resumed) == .paused(reason: "low memory"))
        #expect(publishes(&machine, .resourcesChecked(shortage: nil)) == .idle)
        #expect(machine.nextStep(forWorker: 0, after: nil) == .claim)
    }

    @Test func aFailingStoreIsWaitedForAndReportedUntilItAnswers() {
        var machine = machine()
        let failure = OCRError(.storeFailure, reason: "disk I/O error")
        #expect(publishes(&machine, .storeFailed(failure)) == .waitingForStore(failure))
        #expect(machine.nextStep(forWorker: 0, after: .storeFailed) == .wait(ProcessorStateMachine.recheckInterval))
        #expect(machine.nextStep(forWorker: 0, after: nil) == .claim, "after the wait, the store is tried again")
        #expect(publishes(&machine, .storeAnswered) == .idle)
    }

    @Test func idleWorkersPollAStoreThatDoesNotAnnounceAndWaitLongerForOneThatDoes() {
        let polled = machine { $0.pollInterval = .milliseconds(100); $0.announcementTimeout = .seconds(1) }
        #expect(polled.nextStep(forWorker: 0, after: .noneReady) == .waitForItems(.milliseconds(100)))
        let announced = machine({ $0.pollInterval = .milliseconds(100); $0.announcementTimeout = .seconds(1) }, announces: true)
        #expect(announced.nextStep(forWorker: 0, after: .noneReady) == .waitForItems(.seconds(1)))
    }

    @Test func transientFailuresAreRetriedAfterADoublingDelayUpToTheAttemptLimit() {
        let machine = machine { $0.retryDelay = .seconds(2); $0.maximumAttempts = 4 }
        #expect(machine.outcome(of: .engineFailure, attempt: 1) == .retry(after: .seconds(2)))
        #expect(machine.outcome(of: .outOfMemory, attempt: 2) == .retry(after: .seconds(4)))
        #expect(machine.outcome(of: .interrupted, attempt: 3) == .retry(after: .seconds(8)))
        #expect(machine.outcome(of: .engineFailure, attempt: 4) == .failForGood)
        for permanent in OCRError.Code.allCases where permanent.isPermanent {
            #expect(machine.outcome(of: permanent, attempt: 1) == .failForGood, "\(permanent)")
        }
    }

    @Test func aPageTheStoreRefusedIsStoredAgainAfterADoublingWaitOfAtMostHalfAMinute() {
        var waits: [Duration] = []
        var last: Duration?
        for _ in 0..<9 {
            let next = ProcessorStateMachine.storeRetryWait(after: last)
            waits.append(next)
            last = next
        }
        #expect(waits.map { Int($0 / .milliseconds(500)) } == [1, 2, 4, 8, 16, 32, 60, 60, 60])
    }

    @Test func resultsArePurgedAtStartThenHourly() {
        var machine = machine()
        #expect(purges(&machine, at: .zero))
        #expect(!purges(&machine, at: .seconds(20)))
        #expect(!purges(&machine, at: .seconds(3599)))
        #expect(purges(&machine, at: .seconds(3600)))
        #expect(!purges(&machine, at: .seconds(3620)))
    }

    @Test func theStateCountsTheQueueAsItemsEnd() {
        var machine = machine()
        #expect(publishes(&machine, .counted(BatchProgress(pending: 3))) == .processing(completed: 0, failed: 0, total: 3))
        #expect(publishes(&machine, .itemCompleted) == .processing(completed: 1, failed: 0, total: 3))
        #expect(publishes(&machine, .itemFailedForGood) == .processing(completed: 1, failed: 1, total: 3))
        #expect(publishes(&machine, .itemCompleted) == .idle, "nothing pending")
        machine.handle(.stopped)
        #expect(publishes(&machine, .counted(BatchProgress(pending: 1))) == nil, "a stopped processor is idle")
    }

    @Test func backgroundModeReadsImagesNoLargerThanItsSide() {
        var machine = machine()
        let options = RecognitionOptions(maximumImageSide: 4000)
        #expect(machine.readingOptions(options).maximumImageSide == 4000)
        machine.handle(.policyChanged(.background))
        #expect(machine.readingOptions(options).maximumImageSide == ProcessingPolicy.backgroundImageSide)
        #expect(machine.readingOptions(RecognitionOptions()).maximumImageSide == ProcessingPolicy.backgroundImageSide)
        #expect(machine.readingOptions(RecognitionOptions(maximumImageSide: 1000)).maximumImageSide == 1000)
    }

    @Test func leasesAreRenewedAtAThirdOfTheirDuration() {
        let machine = machine { $0.leaseDuration = .seconds(90) }
        #expect(machine.leaseDuration == .seconds(90))
        #expect(machine.renewalInterval == .seconds(30))
    }
}

/// What `machine` publishes on `event`: #expect cannot call a mutating method itself.
private func publishes(_ machine: inout ProcessorStateMachine, _ event: ProcessorStateMachine.Event) -> ProcessorState? {
    machine.handle(event)
}

private func purges(_ machine: inout ProcessorStateMachine, at now: Duration) -> Bool {
    machine.purgesResults(at: now)
}
