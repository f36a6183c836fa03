@testable import OCRKitConversion
import Testing

/// How a paragraph's lines are joined: a broken word made whole only where the text layer or
/// the language's words say it was broken.
struct LineJoiningTests {
    let english = LineJoining(words: WordList(["compile", "general", "purpose", "pile"]))

    @Test func aWordBrokenAtASoftHyphenIsMadeWholeWithoutAWordList() {
        #expect(LineJoining(words: nil).join("attributed erro\u{AD}\u{2010}", "neously to") == "attributed erroneously to")
    }

    @Test func aHyphenAtALinesEndGoesWhereTheJoinedWordIsAWord() {
        #expect(english.join("to com-", "pile it") == "to compile it")
        #expect(english.join("on general-", "purpose computers") == "on general-purpose computers")
    }

    @Test func withoutAWordListAPrintedHyphenIsKept() {
        #expect(LineJoining(words: nil).join("to com-", "pile it") == "to com-pile it")
    }

    @Test func aCapitalAfterTheHyphenKeepsIt() {
        #expect(english.join("the non-", "Pile rule") == "the non-Pile rule")
    }

    /// A dash set apart by a space breaks no word and is followed by one; a dash printed
    /// against its word is followed by the next line's word, as the GPL prints `program--to`.
    @Test func aDashAtALinesEndIsFollowedByASpaceWhereOneIsBeforeIt() {
        #expect(english.join("the on_setattr hook --", "except that") == "the on_setattr hook -- except that")
        #expect(english.join("a pause -", "then more") == "a pause - then more")
        #expect(english.join("all versions of a program--", "to make sure") == "all versions of a program--to make sure")
    }

    @Test func otherLinesAreJoinedByASpace() {
        #expect(english.join("one line", "  and the next") == "one line and the next")
        #expect(english.joined(["a", "b", "c"]) == "a b c")
    }
}
