// Mistake 10: Binding(get:set:) takes `@_inheritActorContext @isolated(any) @Sendable` closures
// (the iOS 18 SDK's declaration). In a view body they inherit the main actor; built in nonisolated
// code (a helper, a model's nonisolated method) they may not touch main-actor state: say
// `@MainActor in`, or let a controller own the value.
// EXPECT: main actor-isolated property 'isDismissed' can not be referenced from a Sendable closure
import SwiftUI

@MainActor final class BannerModel {
  var isDismissed = false
}

nonisolated func dismissedBinding(_ model: BannerModel) -> Binding<Bool> {
  Binding(get: { model.isDismissed }, set: { model.isDismissed = $0 })
}
