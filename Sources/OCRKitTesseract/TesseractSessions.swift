/// A worker's Tesseract instances, one for each set of languages it has read in lately, so that
/// reading a page's pieces in every installed script's language (``TesseractEngine/recognizeLines(along:in:options:)``
/// for a script contest) does not load each language's model again for every piece: loading
/// takes 0.07 s for English and more for Chinese or Japanese, many times a piece's reading.
final class TesseractSessions {
    /// How many sets of languages a worker keeps loaded: every script of Debian's languages
    /// with room to spare; the least recently used is let go past it.
    static let capacity = 40

    private let dataPath: String
    private var sessions: [(languages: [String], session: TesseractSession)] = []

    init(dataPath: String) {
        self.dataPath = dataPath
    }

    /// The instance that reads `languages`, made on first use.
    func session(for languages: [String]) throws -> TesseractSession {
        if let index = sessions.firstIndex(where: { $0.languages == languages }) {
            let kept = sessions.remove(at: index)
            sessions.append(kept)
            return kept.session
        }
        let session = try TesseractSession(dataPath: dataPath)
        sessions.append((languages, session))
        if sessions.count > Self.capacity { sessions.removeFirst() }
        return session
    }
}
