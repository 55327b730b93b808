#if canImport(SwiftUI)
import AsyncContent
import Foundation
import SwiftUI

/// The color gallery of "AsyncResourceView — simplified resource loading": a three-column lazy
/// grid in which every cell loads its own color after 0.3–3 s, or fails, with its own retry.
struct GalleryScreen: View {
  private let columns = Array(repeating: GridItem(.flexible()), count: 3)

  var body: some View {
    ScrollView {
      LazyVGrid(columns: columns, spacing: 8) {
        ForEach(0..<60) { index in
          GalleryCell(index: index)
        }
      }
      .padding()
    }
    .navigationTitle("Color gallery")
  }
}

/// One cell: its own `AsyncView`, so its own loader, progress, failure and retry. A cell that
/// scrolls away and back keeps its color and fires no retry nobody tapped.
struct GalleryCell: View {
  let index: Int

  var body: some View {
    AsyncView(id: index) {
      try await RandomColor.load()
    } loading: {
      ProgressView()
    } failure: { _, isRetrying in
      RetryButton(isRunning: isRetrying) {
        Image(systemName: "arrow.clockwise")
      }
    } content: { color in
      color
    }
    .frame(height: 90)
    .frame(maxWidth: .infinity)
    .background(Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.1))
  }
}

/// A color that takes 0.3–3 s to arrive, and fails one time in four.
enum RandomColor {
  struct Unlucky: Error {}

  static func load() async throws -> Color {
    try await Task.sleep(for: .seconds(Double.random(in: 0.3...3)))
    if Int.random(in: 0..<4) == 0 { throw Unlucky() }
    return Color(
      red: .random(in: 0...1), green: .random(in: 0...1), blue: .random(in: 0...1))
  }
}
#endif
