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
}
