import OCRKitLive

extension LiveBenchmark.Sequence {
    /// Why a wrong value was accepted, for `--details`: each character it differs from the plate
    /// in, with the frames' evidence for it and the runner-up's; what the frames read first up to
    /// its acceptance; and the rule that let it through (the frames as read, their characters'
    /// evidence mending the read, or a plate family's formats).
    ///
    /// `character 5 is I, not 1: 0.93 of the evidence (1: 0.04); frames read AG6VIW 9, AG6V1W 1; as read`
    func cause(of acceptance: LiveScanner.Acceptance, at frame: Int) -> String {
        if reportsSign(acceptance.value) { return "the sign's text" }
        let grounds = acceptance.grounds
        let characters = PlateDifference(value: acceptance.value, plate: plate).edits.map { edit in
            switch edit {
            case .changed(let position, let read, let truth):
                "character \(position) is \(read), not \(truth): " + evidence(grounds.characters[position - 1])
            case .inserted(let position, let read):
                "character \(position) (\(read)) is not on the plate: " + evidence(grounds.characters[position - 1])
            case .dropped(let position, let truth):
                "the plate's character \(position) (\(truth)) is missing"
            }
        }
        var reads: [String: Int] = [:]
        for record in records[...frame] {
            if let read = record.topRead { reads[read, default: 0] += 1 }
        }
        let read = reads.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(4).map { "\($0.key) \($0.value)" }
        let rule = if let formats = grounds.formats, grounds.read != acceptance.value {
            "the \(formats) formats made it of \(grounds.read)"
        } else if grounds.read != acceptance.value {
            "the characters' evidence made it of \(grounds.read)"
        } else {
            String(format: "as read, %.2f of the first choices", grounds.share)
        }
        return characters.joined(separator: "; ") + "; frames read " + read.joined(separator: ", ") + "; " + rule
    }

    private func evidence(_ character: CharacterShare) -> String {
        String(format: "%.2f of the evidence", character.share)
            + (character.runnerUp.map { String(format: " (%@: %.2f)", String($0), character.runnerUpShare) } ?? "")
    }
}

/// The characters a value differs from its plate in, by the fewest edits.
struct PlateDifference {
    enum Edit: Equatable {
        /// The value's character at `position` (from 1) stands for the plate's `truth`.
        case changed(position: Int, read: Character, truth: Character)
        /// The value's character at `position` has no place on the plate.
        case inserted(position: Int, read: Character)
        /// The plate's character at `position` has none in the value.
        case dropped(position: Int, truth: Character)
    }

    let edits: [Edit]

    init(value: String, plate: String) {
        let read = Array(value), truth = Array(plate)
        var cost = [[Int]](repeating: [Int](repeating: 0, count: truth.count + 1), count: read.count + 1)
        for row in 0...read.count { cost[row][0] = row }
        for column in 0...truth.count { cost[0][column] = column }
        for row in read.indices.map({ $0 + 1 }) {
            for column in truth.indices.map({ $0 + 1 }) {
                cost[row][column] = Swift.min(cost[row - 1][column - 1] + (read[row - 1] == truth[column - 1] ? 0 : 1),
                                              cost[row - 1][column] + 1, cost[row][column - 1] + 1)
            }
        }
        var edits: [Edit] = [], row = read.count, column = truth.count
        while row > 0 || column > 0 {
            if row > 0, column > 0, cost[row][column] == cost[row - 1][column - 1] + (read[row - 1] == truth[column - 1] ? 0 : 1) {
                if read[row - 1] != truth[column - 1] { edits.append(.changed(position: row, read: read[row - 1], truth: truth[column - 1])) }
                row -= 1
                column -= 1
            } else if row > 0, cost[row][column] == cost[row - 1][column] + 1 {
                edits.append(.inserted(position: row, read: read[row - 1]))
                row -= 1
            } else {
                edits.append(.dropped(position: column, truth: truth[column - 1]))
                column -= 1
            }
        }
        self.edits = edits.reversed()
    }
}
