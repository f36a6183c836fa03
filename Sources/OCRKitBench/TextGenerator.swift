/// Plausible English sentences from a fixed vocabulary, the same for the same seed.
struct TextGenerator {
    private static let words = """
        the a of and to in is that for it as was with be by on not he this are or his from at which but have an \
        they you were her she there been one all we their has would when if so no will more other its into time \
        only could new them may these some any two then do first now such like our over also did just most made \
        after where years way through well much before must back good because each people those little very long \
        many great old after same another last never under might while house world still country school number \
        small part place case week company system program question government night point home water room mother \
        area money story fact month lot right study book eye job word business issue side kind head service friend
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func sentence(words count: Int) -> String {
        let words = (0..<count).map { _ in Self.words[next(Self.words.count)] }
        return words.joined(separator: " ").prefix(1).uppercased() + words.joined(separator: " ").dropFirst() + "."
    }
}
