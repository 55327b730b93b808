/// What a screen shows for a phase: the single place where screen decisions are made.
///
/// Every renderer (the SwiftUI views, the terminal demo, your own) maps a presentation to its
/// widgets and decides nothing itself, so the rules are tested once, on any platform:
/// - **Blocking progress** only on a first load with nothing to show; a reload never shows it.
/// - **A blocking error** with retry only when there is no value.
/// - **A banner** over the content when a reload failed and the value stays.
/// - **A paging footer** (and, paging backwards, a header): a spinner, an error with retry, or
///   the end.
/// - **An empty state** for a loaded empty collection with nothing more to load.
/// - **A placeholder** shown redacted, in the place the real content will take.
/// - **Waiting for the network**: the load shows as the load it is, and says it waits.
///
/// ```swift
/// let presentation = phase.presentation(placeholder: Country.placeholders)
/// switch presentation.body {
/// case .idle: startLoadingOnAppear()
/// case .progress: showSpinner()
/// case .content(let countries, let isPlaceholder): showList(countries, redacted: isPlaceholder)
/// case .empty: showEmptyState()
/// case .failure(let error, let isRetrying): showError(error, retryInProgress: isRetrying)
/// }
/// if let banner = presentation.banner { showBanner(banner) }
/// ```
public struct Presentation<Value, Failure: Error> {
  /// The main area of the screen.
  public enum Body {
    /// Nothing was requested yet: show nothing, and start the load when the view appears.
    case idle
    /// The first load runs with nothing to show: blocking progress.
    case progress
    /// The content. `isPlaceholder` is `true` when the value is the placeholder shown while the
    /// first load runs: render it redacted, in the same place as the real content.
    case content(Value, isPlaceholder: Bool)
    /// A loaded, empty collection with nothing more to load.
    case empty
    /// A blocking error with a retry action; `isRetrying` is `true` while a retry runs, so the
    /// retry control shows its own progress and disables itself.
    case failure(Failure, isRetrying: Bool)
  }

  /// An end of a paged list: the footer, or the header of a list that pages backwards.
  public enum Footer {
    /// No footer: not a paged list, no items yet, or a reload runs.
    case none
    /// A spinner. More items exist: when the footer appears, call `loadMore()`; the loader joins
    /// a load-more that already runs.
    case loading
    /// Loading the next page failed: show the error with a retry action that calls `loadMore()`.
    case failed(Failure)
    /// Every page is loaded: show the end of the list (in a header, its start). Nothing is
    /// fetched any more.
    case endOfList
  }

  /// The start of a paged list that pages backwards: the same four states as a footer.
  public typealias Header = Footer

  /// The main area of the screen.
  public var body: Body
  /// An error to show as a non-blocking banner over the content: a reload failed and the value
  /// stays visible.
  public var banner: Failure?
  /// Whether a reload runs while the content stays visible. Renderers show it through the
  /// refresh control or a small indicator, never as blocking progress.
  public var isRefreshing: Bool
  /// The paging footer; always ``Footer/none`` for a ``LoadPhase``.
  public var footer: Footer
  /// The paging header of a list that pages backwards; always ``Footer/none`` for a list that
  /// pages one way only.
  public var header: Header
  /// Whether the running load waits for the network (the loader's `isWaitingForNetwork`):
  /// renderers say so instead of "Loading…", or add a note over kept content. `false` whenever
  /// no load runs.
  public var isWaitingForNetwork: Bool

  /// Creates a presentation; renderers normally get one from a phase's `presentation(...)`.
  public init(
    body: Body, banner: Failure? = nil, isRefreshing: Bool = false, footer: Footer = .none,
    header: Header = .none, isWaitingForNetwork: Bool = false
  ) {
    self.body = body
    self.banner = banner
    self.isRefreshing = isRefreshing
    self.footer = footer
    self.header = header
    self.isWaitingForNetwork = isWaitingForNetwork
  }

  /// Whether the screen shows blocking progress (a first load with nothing to show).
  public var showsBlockingProgress: Bool {
    if case .progress = body { return true }
    return false
  }

  /// The blocking error, if the screen shows one.
  public var blockingError: Failure? {
    if case .failure(let error, _) = body { return error }
    return nil
  }

  /// The content value to render, real or placeholder.
  public var content: Value? {
    if case .content(let value, _) = body { return value }
    return nil
  }

  /// Whether the rendered content is the placeholder.
  public var isPlaceholder: Bool {
    if case .content(_, let isPlaceholder) = body { return isPlaceholder }
    return false
  }

  /// What VoiceOver meets where the content goes: the content, or for a redacted placeholder
  /// one "Loading…" element with the placeholder's rows hidden.
  package var contentAccessibility: ContentAccessibility {
    isPlaceholder ? .loading : .content
  }

  /// Whether the screen shows the empty state.
  public var isEmpty: Bool {
    if case .empty = body { return true }
    return false
  }

  /// Computes the presentation of a phase; `paging` is nil for a phase without paging, and
  /// `pagingBackwards` nil for one that pages one way only.
  static func make(
    kind: PhaseKind,
    value: Value?,
    error: Failure?,
    placeholder: Value?,
    isEmpty: (Value) -> Bool,
    hasMore paging: Bool?,
    hasPrevious pagingBackwards: Bool? = nil,
    isWaitingForNetwork: Bool = false
  ) -> Presentation {
    let body: Body
    let hasMore = paging ?? false
    if let value {
      body = isEmpty(value) && !hasMore ? .empty : .content(value, isPlaceholder: false)
    } else if let error {
      body = .failure(error, isRetrying: kind == .retrying)
    } else if let placeholder {
      body = .content(placeholder, isPlaceholder: true)
    } else {
      body = kind == .loading ? .progress : .idle
    }

    var footer = Footer.none
    var header = Header.none
    if case .content(_, isPlaceholder: false) = body {
      if paging != nil {
        footer = edge(
          kind, loading: .loadingMore, failed: .loadMoreFailed, error: error, hasPages: hasMore)
      }
      if let hasPrevious = pagingBackwards {
        header = edge(
          kind, loading: .loadingPrevious, failed: .loadPreviousFailed, error: error,
          hasPages: hasPrevious)
      }
    }

    return Presentation(
      body: body,
      banner: kind == .reloadFailed ? error : nil,
      isRefreshing: kind == .reloading,
      footer: footer,
      header: header,
      // Only a load waits: a phase that settled (or a loader's flag read a moment late) does not.
      isWaitingForNetwork: isWaitingForNetwork && kind.isLoading
    )
  }

  /// One end of a list with items: the end's own loading and failure, and otherwise a spinner
  /// while pages lie beyond it or the end. A reload hides both ends.
  private static func edge(
    _ kind: PhaseKind, loading: PhaseKind, failed: PhaseKind, error: Failure?, hasPages: Bool
  ) -> Footer {
    switch kind {
    case loading: .loading
    case failed: error.map(Footer.failed) ?? .none
    case .loaded, .reloadFailed, .loadingMore, .loadMoreFailed, .loadingPrevious,
      .loadPreviousFailed:
      hasPages ? .loading : .endOfList
    case .idle, .loading, .failed, .reloading, .retrying: .none
    }
  }
}

extension Presentation {
  /// Whether a value counts as empty when the caller does not say: a `Collection` with no
  /// elements does, any other value never does. The default of every `isEmpty:` parameter.
  /// ```swift
  /// Presentation<[String], any Error>.isEmptyByDefault([])  // true
  /// ```
  public static func isEmptyByDefault(_ value: Value) -> Bool {
    (value as? any Collection)?.isEmpty ?? false
  }
}

extension Presentation: Sendable where Value: Sendable {}
extension Presentation.Body: Sendable where Value: Sendable {}
extension Presentation.Footer: Sendable {}
extension Presentation: Equatable where Value: Equatable, Failure: Equatable {}
extension Presentation.Body: Equatable where Value: Equatable, Failure: Equatable {}
extension Presentation.Footer: Equatable where Failure: Equatable {}

extension AsyncPhase {
  /// What a screen shows in this phase: the one function every renderer calls, for
  /// ``LoadPhase``, ``PagedPhase`` and your own phase types alike.
  ///
  /// ```swift
  /// let presentation = loader.phase.presentation(placeholder: Country.placeholders)
  /// let paged = pager.phase.presentation(hasMore: pager.hasMore)
  /// let chat = messages.phase.presentation(hasMore: messages.hasMore, hasPrevious: messages.hasPrevious)
  /// let offline = loader.phase.presentation(isWaitingForNetwork: loader.isWaitingForNetwork)
  /// ```
  ///
  /// - Parameters:
  ///   - hasMore: Whether another page exists, for a paged list; `nil` (the default) for a
  ///     phase without paging, which never shows a footer.
  ///   - hasPrevious: Whether an earlier page exists, for a list that pages backwards; `nil`
  ///     (the default) for a list that pages one way only, which never shows a header.
  ///   - isWaitingForNetwork: Whether the loader's running load waits for the network; it
  ///     counts only while the phase loads. `false` by default.
  ///   - placeholder: A value to show redacted while nothing has loaded, in the same place as
  ///     the real content. Without one, a first load shows blocking progress.
  ///   - isEmpty: Whether a loaded value counts as empty, to show the empty state. By default
  ///     ``Presentation/isEmptyByDefault(_:)``.
  public func presentation(
    hasMore: Bool? = nil,
    hasPrevious: Bool? = nil,
    isWaitingForNetwork: Bool = false,
    placeholder: Value? = nil,
    isEmpty: (Value) -> Bool = Presentation<Value, Failure>.isEmptyByDefault
  ) -> Presentation<Value, Failure> {
    .make(
      kind: kind, value: value, error: error, placeholder: placeholder, isEmpty: isEmpty,
      hasMore: hasMore, hasPrevious: hasPrevious, isWaitingForNetwork: isWaitingForNetwork)
  }
}

/// What VoiceOver meets where a screen's content goes (``Presentation/contentAccessibility``).
package enum ContentAccessibility: Hashable, Sendable {
  /// The content, read as it is (or no content: each other state has its own labels).
  case content
  /// One element labeled as the loading view; the redacted placeholder beneath is hidden.
  case loading
}
