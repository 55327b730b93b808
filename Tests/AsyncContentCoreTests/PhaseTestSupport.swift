import AsyncContentCore

/// The error of the phase tests: `old` is the error a phase already shows, `new` the one an
/// event brings, so a row can tell which of the two a transition keeps.
enum PhaseTestError: Error, Hashable, Sendable {
  case old
  case new
  case code(Int)
}

/// The load phase the tests use: concrete, `Equatable` and `Hashable`.
typealias TestLoadPhase = LoadPhase<[Int], PhaseTestError>
/// The paged phase the tests use.
typealias TestPagedPhase = PagedPhase<[Int], PhaseTestError>

/// What a transition function returned, for the functions that return something.
enum PhaseEventResult: Hashable, Sendable, CustomStringConvertible {
  /// `startLoading()`.
  case start(LoadStart)
  /// `startLoadingMore()` and `startLoadingPrevious()`.
  case loadMore(LoadStart)
  /// `cancel()`, `dismissError()`, `finishLoadingMore(_:)`, `failLoadingMore(_:)` and
  /// `cancelLoadingMore()`: whether the phase changed.
  case changed(Bool)

  var description: String {
    switch self {
    case .start(let start): "\(start)"
    case .loadMore(let start): "\(start)"
    case .changed(let changed): "\(changed)"
    }
  }
}

/// The payloads the events of the transition table carry.
enum PhaseFixture {
  /// The value a phase already shows.
  static let value = [1, 2]
  /// The value `succeed` brings.
  static let newValue = [7, 8]
  /// The page `finishLoadingMore` appends and `finishLoadingPrevious` puts in front.
  static let page = [3]
  /// The error a phase already shows.
  static let error = PhaseTestError.old
  /// The error `fail` brings.
  static let newError = PhaseTestError.new

  /// A phase of every kind, carrying `value` and `error` where the kind has them.
  static func paged(_ kind: PhaseKind) -> TestPagedPhase {
    switch kind {
    case .idle: .idle
    case .loading: .loading
    case .loaded: .loaded(value)
    case .failed: .failed(error)
    case .reloading: .reloading(value)
    case .retrying: .retrying(error)
    case .reloadFailed: .reloadFailed(value, error)
    case .loadingMore: .loadingMore(value)
    case .loadMoreFailed: .loadMoreFailed(value, error)
    case .loadingPrevious: .loadingPrevious(value)
    case .loadPreviousFailed: .loadPreviousFailed(value, error)
    }
  }

  /// A load phase of every kind in ``PhaseKind/loadCases``; `nil` for the paging kinds.
  static func load(_ kind: PhaseKind) -> TestLoadPhase? {
    switch kind {
    case .idle: .idle
    case .loading: .loading
    case .loaded: .loaded(value)
    case .failed: .failed(error)
    case .reloading: .reloading(value)
    case .retrying: .retrying(error)
    case .reloadFailed: .reloadFailed(value, error)
    case .loadingMore, .loadMoreFailed, .loadingPrevious, .loadPreviousFailed: nil
    }
  }
}

extension LoadPhase {
  /// Runs `event` with the given payloads and returns what the transition function returned.
  ///
  /// The paging events do not exist on a load phase: they return `nil` and change nothing.
  mutating func run(_ event: PhaseEvent, value: Value, error: Failure) -> PhaseEventResult? {
    switch event {
    case .startLoading: return .start(startLoading())
    case .succeed: succeed(value)
    case .fail: fail(error)
    case .cancel: return .changed(cancel())
    case .reset: return .changed(reset())
    case .dismissError: return .changed(dismissError())
    case .startLoadingMore, .finishLoadingMore, .failLoadingMore, .cancelLoadingMore,
      .startLoadingPrevious, .finishLoadingPrevious, .failLoadingPrevious, .cancelLoadingPrevious:
      break
    }
    return nil
  }
}

extension PagedPhase where Value: RangeReplaceableCollection {
  /// Runs `event` with the given payloads (`finishLoadingMore` appends `page`,
  /// `finishLoadingPrevious` puts it in front) and returns what the transition function
  /// returned.
  mutating func run(
    _ event: PhaseEvent, value: Value, page: Value, error: Failure
  ) -> PhaseEventResult? {
    switch event {
    case .startLoading: return .start(startLoading())
    case .succeed: succeed(value)
    case .fail: fail(error)
    case .cancel: return .changed(cancel())
    case .reset: return .changed(reset())
    case .dismissError: return .changed(dismissError())
    case .startLoadingMore: return .loadMore(startLoadingMore())
    case .finishLoadingMore: return .changed(finishLoadingMore { $0.append(contentsOf: page) })
    case .failLoadingMore: return .changed(failLoadingMore(error))
    case .cancelLoadingMore: return .changed(cancelLoadingMore())
    case .startLoadingPrevious: return .loadMore(startLoadingPrevious())
    case .finishLoadingPrevious:
      return .changed(finishLoadingPrevious { $0.insert(contentsOf: page, at: $0.startIndex) })
    case .failLoadingPrevious: return .changed(failLoadingPrevious(error))
    case .cancelLoadingPrevious: return .changed(cancelLoadingPrevious())
    }
    return nil
  }
}
