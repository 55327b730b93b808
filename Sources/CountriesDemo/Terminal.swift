import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain ANSI escape sequences; the demo needs no terminal UI dependency.
public enum ANSI {
  public static let escape = "\u{1B}["
  public static let clearScreen = escape + "2J"
  public static let cursorHome = escape + "H"
  public static let clearToEndOfScreen = escape + "J"
  public static let clearToEndOfLine = escape + "K"
  public static let hideCursor = escape + "?25l"
  public static let showCursor = escape + "?25h"
  public static let enterAlternateScreen = escape + "?1049h"
  public static let leaveAlternateScreen = escape + "?1049l"
  public static let reset = escape + "0m"

  public static func bold(_ text: String) -> String { escape + "1m" + text + reset }
  public static func dim(_ text: String) -> String { escape + "2m" + text + reset }
  public static func red(_ text: String) -> String { escape + "31m" + text + reset }
  public static func green(_ text: String) -> String { escape + "32m" + text + reset }
  public static func yellow(_ text: String) -> String { escape + "33m" + text + reset }
  public static func inverse(_ text: String) -> String { escape + "7m" + text + reset }
}

/// A key the interactive app reacts to.
public enum Key: Equatable, Sendable {
  case character(Character)
  case up, down, pageUp, pageDown, home, end
  /// Return or Enter (a carriage return in raw mode, or a line feed).
  case enter
  /// Backspace or Delete-backwards (DEL or Ctrl-H).
  case backspace
  /// The Escape key alone, not the start of a sequence.
  case escape
  case interrupt
  case endOfInput

  /// Decodes the bytes of one `read(2)` from a terminal in raw mode.
  public static func decode(_ bytes: [UInt8]) -> [Key] {
    switch bytes {
    case [0x1B, 0x5B, 0x41], [0x1B, 0x4F, 0x41]: return [.up]
    case [0x1B, 0x5B, 0x42], [0x1B, 0x4F, 0x42]: return [.down]
    case [0x1B, 0x5B, 0x35, 0x7E]: return [.pageUp]
    case [0x1B, 0x5B, 0x36, 0x7E]: return [.pageDown]
    case [0x1B, 0x5B, 0x48], [0x1B, 0x5B, 0x31, 0x7E]: return [.home]
    case [0x1B, 0x5B, 0x46], [0x1B, 0x5B, 0x34, 0x7E]: return [.end]
    case [0x1B]: return [.escape]
    default: break
    }
    if bytes.first == 0x1B { return [] }  // another escape sequence: ignore it whole
    return String(decoding: bytes, as: UTF8.self).map { character in
      switch character {
      case "\u{03}": .interrupt
      case "\u{04}": .endOfInput
      case "\r", "\n", "\r\n": .enter
      case "\u{7F}", "\u{08}": .backspace
      default: .character(character)
      }
    }
  }
}

/// The process's terminal: TTY detection, size, raw mode with a guaranteed restore, output and
/// keys.
public enum Terminal {
  /// Whether the file descriptor is a terminal.
  public static func isTTY(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The size of the terminal on standard output, or 80×24 when it cannot be read.
  public static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    #if os(Linux)
    let request = UInt(TIOCGWINSZ)
    #else
    let request = TIOCGWINSZ
    #endif
    guard ioctl(STDOUT_FILENO, request, &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes the text to standard output at once, retrying short writes.
  public static func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes {
        Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Writes the text to standard error.
  public static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Switches standard input to raw mode (no echo, no line buffering), hides the cursor and
  /// enters the alternate screen.
  ///
  /// The terminal is restored by ``restore()``, which also runs on `exit` and on `SIGINT`
  /// (exit status 130) and `SIGTERM` (143) once this has been called.
  public static func enterRawMode() throws {
    try TerminalGuard.shared.enterRawMode()
  }

  /// Restores what ``enterRawMode()`` changed. Safe to call more than once.
  public static func restore() {
    TerminalGuard.shared.restore()
  }

  /// The keys typed on standard input, read on a background thread.
  ///
  /// The stream ends at end of input. The thread blocks in `read(2)` until then, which is why
  /// it is a thread and not a task: a blocking read would hold a cooperative thread.
  public static func keys() -> AsyncStream<Key> {
    let (stream, continuation) = AsyncStream<Key>.makeStream()
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          continuation.yield(.endOfInput)
          continuation.finish()
          return
        }
        for key in Key.decode(Array(buffer[0..<count])) {
          continuation.yield(key)
        }
      }
    }
    thread.name = "countries.keys"
    thread.start()
    return stream
  }
}

/// Saves the terminal settings before raw mode and puts them back exactly once.
///
/// `@unchecked Sendable`: every stored property is read and written only while `lock` is held,
/// and the signal sources are created once, under the lock, and never replaced.
private final class TerminalGuard: @unchecked Sendable {
  static let shared = TerminalGuard()

  private let lock = NSLock()
  private var original: termios?
  private var signalSources: [any DispatchSourceSignal] = []

  struct RawModeError: Error, CustomStringConvertible {
    var description: String
  }

  func enterRawMode() throws {
    try lock.withLock {
      guard original == nil else { return }
      var settings = termios()
      guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
        throw RawModeError(description: "cannot read the terminal settings (errno \(errno))")
      }
      var raw = settings
      raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
      raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
      withUnsafeMutableBytes(of: &raw.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
        throw RawModeError(description: "cannot switch the terminal to raw mode (errno \(errno))")
      }
      original = settings
      if signalSources.isEmpty {
        signalSources = [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)].map { signalNumber, status in
          signal(signalNumber, SIG_IGN)
          let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
          source.setEventHandler {
            TerminalGuard.shared.restore()
            exit(Int32(status))
          }
          source.resume()
          return source
        }
        atexit { TerminalGuard.shared.restore() }
      }
    }
    Terminal.write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.clearScreen + ANSI.cursorHome)
  }

  func restore() {
    let settings: termios? = lock.withLock {
      defer { original = nil }
      return original
    }
    guard var settings else { return }
    Terminal.write(ANSI.reset + ANSI.showCursor + ANSI.leaveAlternateScreen)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }
}
