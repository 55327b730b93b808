// SwiftUI interface shim - timeline views. See Core.swift for the rules.
import Foundation

// MARK: - Schedules

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~100k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) public enum
// TimelineScheduleMode : Swift.Sendable { case normal; case lowFrequency; … }` (+ Equatable, Hashable,
// ~883k; synthesized here).
// Apple: https://developer.apple.com/documentation/swiftui/timelineschedulemode
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public enum TimelineScheduleMode: Sendable {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~100k): `case normal`
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedulemode/normal
    case normal
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~100k): `case lowFrequency`
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedulemode/lowfrequency
    case lowFrequency
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~99k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) public protocol
// TimelineSchedule { typealias Mode = SwiftUICore.TimelineScheduleMode; associatedtype Entries :
// Swift.Sequence where Self.Entries.Element == Foundation.Date; func entries(from startDate:
// Foundation.Date, mode: Self.Mode) -> Self.Entries }`
// Apple: https://developer.apple.com/documentation/swiftui/timelineschedule
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public protocol TimelineSchedule {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~99k): `typealias Mode = SwiftUICore.TimelineScheduleMode`
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedule/mode
    typealias Mode = TimelineScheduleMode
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~99k): `associatedtype Entries : Swift.Sequence where
    // Self.Entries.Element == Foundation.Date`
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedule/entries
    associatedtype Entries: Sequence where Self.Entries.Element == Date
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~99k): `func entries(from startDate: Foundation.Date,
    // mode: Self.Mode) -> Self.Entries`
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedule/entries(from:mode:)
    func entries(from startDate: Date, mode: Self.Mode) -> Self.Entries
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~103k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) public struct
// EveryMinuteTimelineSchedule : SwiftUICore.TimelineSchedule, Swift.Sendable`
// Apple: https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~103k): `public struct Entries : Swift.Sequence,
    // Swift.IteratorProtocol, Swift.Sendable { public mutating func next() -> Foundation.Date? }`
    // Apple: https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule/entries
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~103k): `public mutating func next() -> Foundation.Date?`
        public mutating func next() -> Date? {
            defer { upcoming = upcoming.addingTimeInterval(60) }
            return upcoming
        }
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~103k): `public init()`
    // Apple: https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule/init()
    public init() {}

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~103k): `public func entries(from startDate:
    // Foundation.Date, mode: SwiftUICore.TimelineScheduleMode) ->
    // SwiftUICore.EveryMinuteTimelineSchedule.Entries`
    // Apple: https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule/entries(from:mode:)
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> EveryMinuteTimelineSchedule.Entries {
        Entries(upcoming: startDate)
    }
}

// SDK: SwiftUICore.swiftinterface (iOS 18.0, ~102k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) public struct
// PeriodicTimelineSchedule : SwiftUICore.TimelineSchedule, Swift.Sendable`
// Apple: https://developer.apple.com/documentation/swiftui/periodictimelineschedule
// (Conforms To: Sendable; `TimelineSchedule/periodic(from:by:)` constructs it.)
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    let startDate: Date
    let interval: TimeInterval

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~102k): `public struct Entries : Swift.Sequence,
    // Swift.IteratorProtocol, Swift.Sendable { public mutating func next() -> Foundation.Date? }`
    // Apple: https://developer.apple.com/documentation/swiftui/periodictimelineschedule/entries
    // (Conforms To: IteratorProtocol, Sequence, Sendable.)
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date
        let interval: TimeInterval
        // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~102k): `public mutating func next() -> Foundation.Date?`
        public mutating func next() -> Date? {
            defer { upcoming = upcoming.addingTimeInterval(interval) }
            return upcoming
        }
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~102k): `public init(from startDate: Foundation.Date,
    // by interval: Foundation.TimeInterval)`
    // Apple: https://developer.apple.com/documentation/swiftui/periodictimelineschedule/init(from:by:)
    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }

    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~102k): `public func entries(from startDate:
    // Foundation.Date, mode: SwiftUICore.TimelineScheduleMode) -> SwiftUICore.PeriodicTimelineSchedule.Entries`
    // Apple: https://developer.apple.com/documentation/swiftui/periodictimelineschedule/entries(from:mode:)
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> PeriodicTimelineSchedule.Entries {
        Entries(upcoming: self.startDate, interval: interval)
    }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    // SDK: SwiftUICore.swiftinterface (iOS 18.0, ~101k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) extension
    // SwiftUICore.TimelineSchedule where Self == SwiftUICore.PeriodicTimelineSchedule {
    // @_alwaysEmitIntoClient public static func periodic(from startDate: Foundation.Date, by interval:
    // Foundation.TimeInterval) -> SwiftUICore.PeriodicTimelineSchedule }` (`@export(implementation)` is
    // Swift 6.3's spelling of `@_alwaysEmitIntoClient`)
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedule/periodic(from:by:)
    @export(implementation) public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

// MARK: - TimelineView

// SDK: SwiftUI.swiftinterface (iOS 18.0, ~1139k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) public struct
// TimelineView<Schedule, Content> where Schedule : SwiftUICore.TimelineSchedule`; `@available(*,
// unavailable) extension SwiftUI.TimelineView : Swift.Sendable` (and for `.Context`).
// Apple: https://developer.apple.com/documentation/swiftui/timelineview
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1139k): `public struct Context { public enum Cadence …;
    // public let date: Foundation.Date; public let cadence: …Cadence }` (the shim leaves out `cadence`)
    // Apple: https://developer.apple.com/documentation/swiftui/timelineview/context
    public struct Context {
        // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1139k): `public let date: Foundation.Date`
        // Apple: https://developer.apple.com/documentation/swiftui/timelineview/context/date
        public let date: Date
    }
}

@available(*, unavailable)
extension TimelineView: Sendable {}

@available(*, unavailable)
extension TimelineView.Context: Sendable {}

// SDK: SwiftUI.swiftinterface (iOS 18.0, ~1140k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) public typealias
// TimelineViewDefaultContext = SwiftUI.TimelineView<SwiftUICore.EveryMinuteTimelineSchedule,
// Swift.Never>.Context`
// Apple: https://developer.apple.com/documentation/swiftui/timelineviewdefaultcontext
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

// SDK: SwiftUI.swiftinterface (iOS 18.0, ~1140k): `@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) extension
// SwiftUI.TimelineView : SwiftUICore.View where Content : SwiftUICore.View { public typealias Body =
// Swift.Never; … }`
// Apple: https://developer.apple.com/documentation/swiftui/timelineview (Conforms To: View, when Content: View)
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension TimelineView: View where Content: View {
    public typealias Body = Never
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension TimelineView where Content: View {
    // SDK: SwiftUI.swiftinterface (iOS 18.0, ~1140k): `@_alwaysEmitIntoClient nonisolated public init(_
    // schedule: Schedule, @SwiftUICore.ViewBuilder content: @escaping (SwiftUI.TimelineViewDefaultContext)
    // -> Content)` (in the View-conformance extension; neither @Sendable nor @MainActor on the closure)
    // Apple: https://developer.apple.com/documentation/swiftui/timelineview/init(_:content:)-1mlmj
    // (SDK 26 spelling is `@ViewBuilder`; the SDK 27 docs show `@ContentBuilder`.)
    @export(implementation) nonisolated public init(
        _ schedule: Schedule,
        @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content
    ) {}
}
