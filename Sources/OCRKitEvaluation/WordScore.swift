/// Bag-of-words precision, recall and F1: how many of the truth's words a reading found,
/// whatever their order.
///
/// Words are white-space separated tokens, case-folded; each truth word can be matched once.
/// Scores add up over pages as totals (micro-averaged), so long pages weigh more.
///
/// ```swift
/// var score = WordScore()
/// score.add(reading: "TOTAL 9.00 CASH", truth: "total 9.00 change")
/// print(score.f1)   // 2 of 3 words either way: 0.667
/// ```
public struct WordScore: Sendable, Hashable {
    public private(set) var matched = 0
    public private(set) var readingWords = 0
    public private(set) var truthWords = 0

    public init() {}

    public mutating func add(reading: String, truth: String) {
        let readingTokens = Self.tokens(reading), truthTokens = Self.tokens(truth)
        var remaining: [Substring: Int] = [:]
        for token in truthTokens { remaining[token, default: 0] += 1 }
        for token in readingTokens {
            if let count = remaining[token], count > 0 {
                remaining[token] = count - 1
                matched += 1
            }
        }
        readingWords += readingTokens.count
        truthWords += truthTokens.count
    }

    /// The share of words read that are in the truth; 1 when nothing was read.
    public var precision: Double { readingWords == 0 ? 1 : Double(matched) / Double(readingWords) }
    /// The share of truth words that were read; 1 when the truth has none.
    public var recall: Double { truthWords == 0 ? 1 : Double(matched) / Double(truthWords) }
    public var f1: Double {
        precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    private static func tokens(_ text: String) -> [Substring] {
        text.lowercased().split(whereSeparator: \.isWhitespace)
    }
}
