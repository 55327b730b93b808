import CountriesDemo
import Testing

@Suite("Key decoding")
struct KeyTests {
  @Test("letters, space, arrows, Ctrl-C and Ctrl-D")
  func decode() {
    #expect(
      Key.decode(Array("rm q".utf8)) == [
        .character("r"), .character("m"), .character(" "), .character("q"),
      ])
    #expect(Key.decode([0x1B, 0x5B, 0x41]) == [.up])
    #expect(Key.decode([0x1B, 0x5B, 0x42]) == [.down])
    #expect(Key.decode([0x1B, 0x5B, 0x36, 0x7E]) == [.pageDown])
    #expect(Key.decode([0x03]) == [.interrupt])
    #expect(Key.decode([0x04]) == [.endOfInput])
    #expect(Key.decode([0x1B, 0x5B, 0x32, 0x30, 0x7E]).isEmpty)
  }

  @Test("j and k are letters; Enter, Backspace and a lone Escape are keys of their own")
  func enterBackspaceEscape() {
    #expect(Key.decode(Array("jk".utf8)) == [.character("j"), .character("k")])
    #expect(Key.decode([0x0D]) == [.enter])
    #expect(Key.decode([0x0A]) == [.enter])
    #expect(Key.decode([0x0D, 0x0A]) == [.enter])  // one grapheme, one Enter
    #expect(Key.decode([0x7F]) == [.backspace])
    #expect(Key.decode([0x08]) == [.backspace])
    #expect(Key.decode([0x1B]) == [.escape])
    #expect(Key.decode([0x1B, 0x62]).isEmpty)  // Alt-b: an escape sequence, ignored
    #expect(
      Key.decode(Array("Ö x\r".utf8)) == [
        .character("Ö"), .character(" "), .character("x"), .enter,
      ])
  }
}
