import OCRKit
@testable import OCRKitLive
import Testing

extension VoteBoard.Decision {
    var accepted: String? {
        if case .accepted(let value, _) = self { value } else { nil }
    }
}

@Suite struct VoteBoardTests {
    private let box = Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.1)

    private func board(_ change: (inout LiveScanner.Configuration) -> Void = { _ in }) -> VoteBoard {
        var rules = LiveScanner.Configuration()
        change(&rules)
        return VoteBoard(rules: rules)
    }

    /// Records one frame's votes at `time`, read from text `height` pixels high, and asks for a
    /// decision, as the scanner does.
    private func decide(_ board: inout VoteBoard, _ seconds: Double, _ votes: [(String, Double)], height: Double = 40,
                        excluding excluded: Set<String> = [], family: PlateFamily? = nil) -> VoteBoard.Decision {
        let time = Duration.milliseconds(Int64((seconds * 1000).rounded()))
        board.record(votes.map { Candidate(value: $0.0, confidence: $0.1) }, box: box, textHeight: height, evidence: nil, at: time)
        return board.decide(at: time, excluding: excluded, family: family)
    }

    private func frame(_ board: inout VoteBoard, _ time: Double, _ votes: [(String, Double)],
                       excluding excluded: Set<String> = []) -> String? {
        decide(&board, time, votes, excluding: excluded).accepted
    }

    @Test func smallTextAndCloseRunnersUpNeedMoreWeightAndSaySo() {
        var small = board()
        // Text 12 pixels high, half the sure height: twice the weight, 3.0.
        _ = decide(&small, 0.0, [("THF220", 0.9)], height: 12)
        _ = decide(&small, 0.1, [("THF220", 0.9)], height: 12)
        #expect(held(decide(&small, 0.2, [("THF220", 0.9)], height: 12))
                == LiveScanner.Holding(value: "THF220", reason: .tooLittleWeight(weight: 2.7, needed: 3, doubts: [.smallText(height: 12)])))
        #expect(decide(&small, 0.3, [("THF220", 0.9)], height: 12).accepted == "THF220")

        var close = board()
        let read = [("WS6979", 0.7), ("WS6970", 0.6)]   // 0.1 ahead: half the sure margin, 1.5 times the weight
        _ = decide(&close, 0.0, read)
        _ = decide(&close, 0.1, read)
        #expect(held(decide(&close, 0.2, read))
                == LiveScanner.Holding(value: "WS6979", reason: .tooLittleWeight(weight: 2.1, needed: 2.25, doubts: [.closeRunnerUp(margin: 0.1)])))
        #expect(decide(&close, 0.3, read).accepted == "WS6979")
    }

    /// The reasons are values; `ocr live --details` prints their sentences, as it always has.
    @Test func aReasonReadsAsTheSentenceDetailsPrint() {
        #expect(HoldReason.tooLittleWeight(weight: 2.7, needed: 3, doubts: [.smallText(height: 12), .closeRunnerUp(margin: 0.1)])
            .description == "weight 2.70 of 3.00 (text 12 px high, 0.10 ahead of the runner-up)")
        #expect(HoldReason.ledTooBriefly(lead: .milliseconds(100), minimum: .milliseconds(200)).description == "led for 0.10 s of 0.20")
        #expect(HoldReason.tooLike("AB12CDE").description == "too like AB12CDE, accepted already")
        let weak = HoldReason.WeakCharacter(position: 5, character: "0", share: 0.55, minimum: 0.6, runnerUp: "O", runnerUpShare: 0.45)
        #expect(HoldReason.weakCharacter(weak).description == "character 5 is 0 for 0.55 of the frames' evidence, of 0.60 (O: 0.45)")
    }

    @Test func aValueWaitsForEnoughFramesAndSaysWhy() {
        var board = board()
        #expect(held(decide(&board, 0.0, [("AB12CDE", 0.99)])) == LiveScanner.Holding(value: "AB12CDE", reason: .ledTooBriefly(lead: .zero, minimum: .milliseconds(200))))
        #expect(held(decide(&board, 0.2, [("AB12CDE", 0.99)])) == LiveScanner.Holding(value: "AB12CDE", reason: .tooFewFrames(frames: 2, minimum: 3)))
        #expect(decide(&board, 0.3, [("AB12CDE", 0.99)]).accepted == "AB12CDE")
        #expect(held(decide(&board, 0.4, [("AB12CDE", 0.99)], excluding: ["AB12CDE"])) == LiveScanner.Holding(value: "AB12CDE", reason: .acceptedAlready))
    }

    @Test func aValueIsAcceptedOnceItHasLedLongEnoughWithEnoughWeight() {
        var board = board()
        // Defaults: weight 1.5, share 0.6, lead 0.2 s.
        #expect(frame(&board, 0.0, [("AB12CDE", 0.9)]) == nil)   // leads, but only just
        #expect(frame(&board, 0.1, [("AB12CDE", 0.9)]) == nil)   // weight 1.8, led 0.1 s
        #expect(frame(&board, 0.2, [("AB12CDE", 0.9)]) == "AB12CDE")
    }

    @Test func aSteadyReadIsNotOutvotedByItsOwnRunnersUp() {
        var board = board()
        // The same read each frame, unsure of one letter: its runners-up weigh more than it does,
        // but only first choices count towards the share.
        let read = [("CCLVN3", 0.84), ("CCLVW3", 0.58), ("CCLLN3", 0.40)]
        #expect(frame(&board, 0.0, read) == nil)
        #expect(frame(&board, 0.1, read) == nil)
        #expect(frame(&board, 0.2, read) == "CCLVN3")
    }

    @Test func wobblingReadsAreNotAccepted() {
        var board = board()
        // Three readings take turns: none holds the share of the votes it needs.
        for index in 0..<20 {
            let value = ["AB12CDE", "XY34ZZZ", "KL56MNP"][index % 3]
            #expect(frame(&board, Double(index) / 10, [(value, 0.9)]) == nil)
        }
    }

    @Test func aChangeOfLeaderRestartsTheLead() {
        var board = board()
        _ = frame(&board, 0.0, [("XY34ZZZ", 0.9)])
        _ = frame(&board, 0.1, [("AB12CDE", 0.95)])
        _ = frame(&board, 0.2, [("AB12CDE", 0.95), ("XY34ZZZ", 0.1)])   // AB leads since 0.1
        #expect(frame(&board, 0.3, [("AB12CDE", 0.95)]) == "AB12CDE")
    }

    @Test func votesLeaveTheWindow() {
        var board = board { $0.window = .milliseconds(500) }
        _ = frame(&board, 0.0, [("AB12CDE", 0.9)])
        // 0.6 s later the first vote is gone: the second alone is too light.
        #expect(frame(&board, 0.6, [("AB12CDE", 0.9)]) == nil)
        #expect(board.votes.count == 1)
    }

    @Test func lookAlikesPoolTheirVotesAndTheBestOfThemIsAccepted() {
        var board = board()
        // 6HP995 and GHP995 have 1.4 and 0.9: neither alone could pass 1.5 with 0.6 of the share.
        _ = frame(&board, 0.0, [("6HP995", 0.7)])
        _ = frame(&board, 0.1, [("GHP995", 0.9)])
        #expect(frame(&board, 0.2, [("6HP995", 0.7)]) == "6HP995")
    }

    @Test func excludedValuesAndNearMissesOfThemHoldTheLeadWithoutBeingAccepted() {
        var board = board()
        for index in 0..<5 {
            #expect(frame(&board, Double(index) / 10, [("2DA0044", 0.9)], excluding: ["2DA044"]) == nil)
        }
        // The excluded text still leads: other text seen now and then is not accepted.
        for index in 5..<9 {
            let votes: [(String, Double)] = index.isMultiple(of: 2) ? [("MOTORS", 0.9)] : [("2DA044", 0.9)]
            #expect(frame(&board, Double(index) / 10, votes, excluding: ["2DA044"]) == nil)
        }
    }

    @Test func aCharacterMisreadInMostFramesIsDecidedByTheFramesThatSeeItClearly() {
        var board = board()
        // WSG979's W: read N in six frames of ten, each unsure (N 0.55, W 0.45); the other four
        // see the W clearly. Whole readings vote NSG979; the characters' evidence says W, 0.67.
        var decisions: [VoteBoard.Decision] = []
        for index in 0..<10 {
            let clear = [1, 3, 6, 8].contains(index)
            let reading = CharacterConsensusTests.reading(clear ? "WSG979" : "NSG979",
                                                          doubts: [0: clear ? [("W", 0.99), ("N", 0.01)] : [("N", 0.55), ("W", 0.45)]])
            board.record([Candidate(value: clear ? "WSG979" : "NSG979", confidence: 0.9)], reading: reading, box: box,
                         textHeight: 40, evidence: nil, at: .milliseconds(100 * index))
            decisions.append(board.decide(at: .milliseconds(100 * index)))
        }
        #expect(decisions.compactMap(\.accepted).allSatisfy { $0 == "WSG979" })
        #expect(decisions.contains { $0.accepted == "WSG979" })
    }

    @Test func aValueWhoseWeakestCharacterStaysDoubtfulIsHeldBackAndSaysWhich() {
        var board = board()
        // HB6L0Z's 0: the frames split between 0 and O.
        var last = VoteBoard.Decision.none
        for index in 0..<10 {
            let reading = CharacterConsensusTests.reading("HB6L0Z", doubts: [4: [("0", 0.55), ("O", 0.45)]])
            board.record([Candidate(value: "HB6L0Z", confidence: 0.9)], reading: reading, box: box, textHeight: 40,
                         evidence: nil, at: .milliseconds(100 * index))
            last = board.decide(at: .milliseconds(100 * index))
            #expect(last.accepted == nil)
        }
        // Its look-alike O is the runner-up: it needs 0.45 and the lead of 0.25 over it, 0.70.
        let weak = HoldReason.WeakCharacter(position: 5, character: "0", share: 0.55, minimum: 0.7, runnerUp: "O", runnerUpShare: 0.45)
        #expect(held(last) == LiveScanner.Holding(value: "HB6L0Z", reason: .weakCharacter(weak)))
    }

    /// A 0 the frames give 0.62 of their evidence, and its look-alike O 0.38: more than the
    /// minimum share, but a lead over its look-alike of less than 0.25, so the value waits. On a US
    /// plate, whose formats have no letter O, the two are one character and the value is sure.
    @Test func aCharacterLeadingItsLookAlikeByLittleWaitsUnlessTheFormatsDecide() {
        var unknown = board(), american = board()
        var last = VoteBoard.Decision.none, acceptedOnAUSPlate: [String] = []
        for index in 0..<6 {
            let time = Duration.milliseconds(100 * index)
            let reading = CharacterConsensusTests.reading("HB6L0Z", doubts: [4: [("0", 0.62), ("O", 0.38)]])
            unknown.record([Candidate(value: "HB6L0Z", confidence: 0.9)], reading: reading, box: box, textHeight: 40, evidence: nil, at: time)
            american.record([Candidate(value: "HB6L0Z", confidence: 0.9)], reading: reading, box: box, textHeight: 40, evidence: nil, at: time)
            last = unknown.decide(at: time)
            #expect(last.accepted == nil)
            acceptedOnAUSPlate += american.decide(at: time, family: .us).accepted.map { [$0] } ?? []
        }
        let weak = HoldReason.WeakCharacter(position: 5, character: "0", share: 0.62, minimum: 0.63, runnerUp: "O", runnerUpShare: 0.38)
        #expect(held(last) == LiveScanner.Holding(value: "HB6L0Z", reason: .weakCharacter(weak)))
        #expect(!acceptedOnAUSPlate.isEmpty && acceptedOnAUSPlate.allSatisfy { $0 == "HB6L0Z" })
    }

    /// `RK708A1` fits any plate as read; while some frames show a European plate's band and the
    /// frames agree on no family yet, it waits, as a European plate's formats read it `RK708AI`.
    @Test func aValueWaitsWhileTheLookIsUndecidedBetweenFamiliesThatReadItOtherwise() {
        var undecided = board(), unknown = board()
        var last = VoteBoard.Decision.none, accepted: [String] = []
        for index in 0..<6 {
            let time = Duration.milliseconds(100 * index)
            undecided.record([Candidate(value: "RK708A1", confidence: 0.95)], box: box, textHeight: 40, evidence: nil, at: time)
            unknown.record([Candidate(value: "RK708A1", confidence: 0.95)], box: box, textHeight: 40, evidence: nil, at: time)
            last = undecided.decide(at: time, undecided: [.european, .us])
            #expect(last.accepted == nil)
            accepted += unknown.decide(at: time).accepted.map { [$0] } ?? []
        }
        #expect(held(last) == LiveScanner.Holding(value: "RK708A1", reason: .lookUndecided(family: .european, value: "RK708AI")))
        #expect(held(last)?.reason.description == "RK708AI on a European plate, which some frames show")
        #expect(!accepted.isEmpty && accepted.allSatisfy { $0 == "RK708A1" })
    }

    /// `PP587A0` fits the default pattern as read; on a plate with an EU band it is read with the
    /// European formats, where only Italy's and France's fits, with letters last: `PP587AO`.
    @Test func aPlatesFamilyDecidesTheLookAlikesThePatternLeavesOpen() {
        var european = board(), unknown = board(), german = board()
        var decisions: [VoteBoard.Decision] = []
        for time in [0.0, 0.1, 0.2, 0.3] {
            decisions.append(decide(&european, time, [("PP587A0", 0.9)], family: .european))
            _ = decide(&unknown, time, [("PP587A0", 0.9)])
            // No European format fits a five-character plate: it is read as it is.
            _ = decide(&german, time, [("M5XSX", 0.9)], family: .european)
        }
        #expect(held(decisions[1])?.value == "PP587AO")
        #expect(decisions.compactMap(\.accepted).first == "PP587AO")
        #expect(unknown.decide(at: .milliseconds(300)).accepted == "PP587A0")
        #expect(german.decide(at: .milliseconds(300), family: .european).accepted == "M5XSX")
        // Under a pattern the family's formats would leave, the pattern holds: the US's has no O.
        var us = board { $0.pattern = .usPlate }
        for time in [0.0, 0.1, 0.2] { _ = decide(&us, time, [("PP587A0", 0.9)], family: .european) }
        #expect(decide(&us, 0.3, [("PP587A0", 0.9)], family: .european).accepted == "PP587A0")
    }

    /// Every frame reads `BA3020Z`, sure of its 0; a second recogniser reads an O there. The
    /// value is held on that character until the frames settle it: once they read the O too, the
    /// value is `BA302OZ`.
    @Test func aCharacterTheSecondOpinionReadsOtherwiseHoldsTheValueUntilTheFramesSettleIt() {
        func reading(_ text: String) -> CharacterReading {
            CharacterReading(places: text.map { [Alternative(text: String($0), confidence: 0.95)] }, weight: 0.9)
        }
        func frame(_ board: inout VoteBoard, _ seconds: Double, reads text: String, secondOpinion: String?) -> VoteBoard.Decision {
            let time = Duration.milliseconds(Int64((seconds * 1000).rounded()))
            board.record([Candidate(value: text, confidence: 0.9)], reading: reading(text), box: box, textHeight: 40, evidence: nil, at: time)
            if let secondOpinion { board.witness(reading(secondOpinion), at: time) }
            return board.decide(at: time)
        }
        var alone = board(), checked = board()
        var decisions: [VoteBoard.Decision] = []
        for time in [0.0, 0.1, 0.2, 0.3] {
            _ = frame(&alone, time, reads: "BA3020Z", secondOpinion: nil)
            decisions.append(frame(&checked, time, reads: "BA3020Z", secondOpinion: "BA302OZ"))
        }
        #expect(alone.decide(at: .milliseconds(300)).accepted == "BA3020Z")
        #expect(decisions.allSatisfy { $0.accepted == nil })
        guard case .waiting(_, .weakCharacter(let weak)) = decisions.last else {
            Issue.record("held for another reason: \(String(describing: decisions.last))")
            return
        }
        #expect(weak.position == 6 && Set([weak.character, weak.runnerUp]) == ["0", "O"])
        #expect(abs(weak.share - weak.runnerUpShare) < 0.01 && weak.share < 0.6)
        for time in [0.4, 0.5, 0.6, 0.7] { decisions.append(frame(&checked, time, reads: "BA302OZ", secondOpinion: "BA302OZ")) }
        #expect(decisions.compactMap(\.accepted).first == "BA302OZ")
    }

    /// Every frame reads `LMO010BE`, unsure of its O (0.4: the gap between a Slovak plate's
    /// letters and digits, where its shield stands). No European format takes it; without the O,
    /// Italy's and France's does: on a European plate that is the value. Without a family, the O
    /// holds the value back.
    @Test func aGlyphTheFramesDoubtIsDroppedWhereOnlyWithoutItTheFormatsTakeTheRead() {
        var european = board(), unknown = board()
        var decisions: [VoteBoard.Decision] = [], last = VoteBoard.Decision.none
        for index in 0..<6 {
            let time = Duration.milliseconds(100 * index)
            let reading = CharacterConsensusTests.reading("LMO010BE", doubts: [2: [("O", 0.4), ("0", 0.05)]])
            european.record([Candidate(value: "LMO010BE", confidence: 0.9)], reading: reading, box: box, textHeight: 40, evidence: nil, at: time)
            unknown.record([Candidate(value: "LMO010BE", confidence: 0.9)], reading: reading, box: box, textHeight: 40, evidence: nil, at: time)
            decisions.append(european.decide(at: time, family: .european))
            last = unknown.decide(at: time)
            #expect(last.accepted == nil)
        }
        #expect(!decisions.compactMap(\.accepted).isEmpty && decisions.compactMap(\.accepted).allSatisfy { $0 == "LM010BE" })
        guard case .waiting("LMO010BE", .weakCharacter(let weak)) = last else {
            Issue.record("held for another reason: \(String(describing: held(last)))")
            return
        }
        #expect(weak.position == 3 && weak.character == "O")
    }

    /// A plate read in turns as `RK069AV` and as `RKO069AV` (a glyph added), and now and then cut
    /// at the frame's edge (`RK069A`): on a European plate, whose formats take only the first, the
    /// others are its misreads and vote for it. Without a family, none is accepted.
    @Test func readsOneCharacterFromAValueTheFormatsTakeVoteForIt() {
        var european = board(), unknown = board()
        var decisions: [VoteBoard.Decision] = []
        for index in 0..<9 {
            let read = ["RK069AV", "RKO069AV", "RK069AV", "RKO069AV", "RK069A"][index % 5]
            decisions.append(decide(&european, Double(index) / 10, [(read, 0.9)], family: .european))
            #expect(decide(&unknown, Double(index) / 10, [(read, 0.9)]).accepted == nil)
        }
        #expect(!decisions.compactMap(\.accepted).isEmpty && decisions.compactMap(\.accepted).allSatisfy { $0 == "RK069AV" })
    }

    /// A read no format takes keeps its votes beside a value the formats take that is read first
    /// in fewer than the minimum frames itself: `AB12345C`, read steadily, is not Poland's
    /// `AB12345` read twice.
    @Test func aReadNoFormatTakesKeepsItsVotesBesideAValueReadInTooFewFrames() {
        var board = board()
        var accepted: [String] = []
        for index in 0..<8 {
            let read = [2, 5].contains(index) ? "AB12345" : "AB12345C"
            accepted += decide(&board, Double(index) / 10, [(read, 0.9)], family: .european).accepted.map { [$0] } ?? []
        }
        #expect(!accepted.isEmpty && accepted.allSatisfy { $0 == "AB12345C" })
    }

    @Test func nearMissesDifferByOneEdit() {
        #expect(VoteBoard.isWithinOneEdit("2DA044", "2DA0044"))
        #expect(VoteBoard.isWithinOneEdit("91AW4ZA", "91A4ZA"))
        #expect(VoteBoard.isWithinOneEdit("AB12CDE", "AB12CDF"))
        #expect(VoteBoard.isWithinOneEdit("AB12CDE", "AB12CDE"))
        #expect(!VoteBoard.isWithinOneEdit("AB12CDE", "AB12CFF"))
        #expect(!VoteBoard.isWithinOneEdit("AB12CDE", "AB12C"))
        #expect(!VoteBoard.isWithinOneEdit("MOTORS", "2DA044"))
    }
}

/// The value a decision holds back and why, its measures to the hundredth: the reasons compared
/// as values, without the noise of floating-point sums.
private func held(_ decision: VoteBoard.Decision) -> LiveScanner.Holding? {
    guard case .waiting(let value, let reason) = decision else { return nil }
    return LiveScanner.Holding(value: value, reason: reason.rounded)
}

private extension HoldReason {
    var rounded: HoldReason {
        func hundredths(_ number: Double) -> Double { (number * 100).rounded() / 100 }
        switch self {
        case .acceptedAlready, .tooLike, .tooFewFrames, .formatRival, .fitsNoFormat, .lookUndecided: return self
        case .ledTooBriefly(let lead, let minimum):
            return .ledTooBriefly(lead: .milliseconds(Int64((lead.timeInterval * 100).rounded()) * 10), minimum: minimum)
        case .tooSmallShare(let share, let minimum): return .tooSmallShare(share: hundredths(share), minimum: minimum)
        case .tooLittleWeight(let weight, let needed, let doubts):
            return .tooLittleWeight(weight: hundredths(weight), needed: hundredths(needed), doubts: doubts.map { doubt in
                switch doubt {
                case .smallText(let height): .smallText(height: hundredths(height))
                case .closeRunnerUp(let margin): .closeRunnerUp(margin: hundredths(margin))
                }
            })
        case .weakCharacter(var weak):
            (weak.share, weak.minimum, weak.runnerUpShare) = (hundredths(weak.share), hundredths(weak.minimum), hundredths(weak.runnerUpShare))
            return .weakCharacter(weak)
        }
    }
}
