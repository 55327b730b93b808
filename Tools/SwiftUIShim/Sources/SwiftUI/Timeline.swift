// SwiftUI interface shim - timeline views. See Core.swift for the rules.
import Foundation

// MARK: - Schedules

// Apple: https://developer.apple.com/documentation/swiftui/timelineschedulemode
public enum TimelineScheduleMode: Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedulemode/normal
    case normal
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedulemode/lowfrequency
    case lowFrequency
}

// Apple: https://developer.apple.com/documentation/swiftui/timelineschedule
public protocol TimelineSchedule {
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedule/mode
    typealias Mode = TimelineScheduleMode
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedule/entries
    associatedtype Entries: Sequence where Self.Entries.Element == Date
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedule/entries(from:mode:)
    func entries(from startDate: Date, mode: Self.Mode) -> Self.Entries
}

// Apple: https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    // Apple: https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule/entries
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date
        public mutating func next() -> Date? {
            defer { upcoming = upcoming.addingTimeInterval(60) }
            return upcoming
        }
    }

    // Apple: https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule/init()
    public init() {}

    // Apple: https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule/entries(from:mode:)
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> EveryMinuteTimelineSchedule.Entries {
        Entries(upcoming: startDate)
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/periodictimelineschedule
// (Conforms To: Sendable; `TimelineSchedule/periodic(from:by:)` constructs it.)
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    let startDate: Date
    let interval: TimeInterval

    // Apple: https://developer.apple.com/documentation/swiftui/periodictimelineschedule/entries
    // (Conforms To: IteratorProtocol, Sequence, Sendable.)
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date
        let interval: TimeInterval
        public mutating func next() -> Date? {
            defer { upcoming = upcoming.addingTimeInterval(interval) }
            return upcoming
        }
    }

    // Apple: https://developer.apple.com/documentation/swiftui/periodictimelineschedule/init(from:by:)
    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }

    // Apple: https://developer.apple.com/documentation/swiftui/periodictimelineschedule/entries(from:mode:)
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> PeriodicTimelineSchedule.Entries {
        Entries(upcoming: self.startDate, interval: interval)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    // Apple: https://developer.apple.com/documentation/swiftui/timelineschedule/periodic(from:by:)
    @export(implementation) public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

// MARK: - TimelineView

// Apple: https://developer.apple.com/documentation/swiftui/timelineview
public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {
    // Apple: https://developer.apple.com/documentation/swiftui/timelineview/context
    public struct Context {
        // Apple: https://developer.apple.com/documentation/swiftui/timelineview/context/date
        public let date: Date
    }
}

// Apple: https://developer.apple.com/documentation/swiftui/timelineviewdefaultcontext
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

// Apple: https://developer.apple.com/documentation/swiftui/timelineview (Conforms To: View, when Content: View)
extension TimelineView: View where Content: View {
    public typealias Body = Never
}

extension TimelineView where Content: View {
    // Apple: https://developer.apple.com/documentation/swiftui/timelineview/init(_:content:)-1mlmj
    // (SDK 26 spelling is `@ViewBuilder`; the SDK 27 docs show `@ContentBuilder`.)
    @export(implementation) nonisolated public init(
        _ schedule: Schedule,
        @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content
    ) {}
}
