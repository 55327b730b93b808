// A stand-in for the `AppleProductTypes` module, so that the manifest of the example app
// (Examples/Countries.swiftpm/Package.swift) type-checks and evaluates on Linux: Xcode and Swift
// Playgrounds ship the real module, the open-source toolchains do not.
//
// Transcribed from the open-source SwiftPM (github.com/swiftlang/swift-package-manager), never
// from memory:
// - `Product.iOSApplication(...)`, both overloads, from Sources/AppleProductTypes/Product.swift
//   (commit 592886b42b27157920589381cf8580006b1c8e40);
// - `ProductSetting.IOSAppInfo` and its nested types and presets, from the
//   `#if ENABLE_APPLE_PRODUCT_TYPES` branch of Sources/PackageDescription/Product.swift, where
//   they are public (the Linux toolchain's PackageDescription builds the other branch, an empty
//   `@_spi(PackageProductSettings) enum ProductSetting`).
// The declarations (names, labels, types, defaults) are SwiftPM's. Two things differ, because
// the Linux PackageDescription has no product settings: `ProductSetting` holds only
// `IOSAppInfo` here, and `iOSApplication` returns a plain `.executable` product whose settings
// are dropped. So the check proves the manifest is well-formed against Apple's declarations and
// resolves its dependencies; it does not prove what Xcode makes of the settings.

import PackageDescription

extension Product {
  /// Creates an iOS application package product.
  ///
  /// - Parameters:
  ///     - name: The name of the application product.
  ///     - targets: The targets to include in the application product; one and only one of them should be an executable target.
  ///     - settings: The settings that define the core properties of the application.
  public static func iOSApplication(
    name: String,
    targets: [String],
    bundleIdentifier: String? = nil,
    teamIdentifier: String? = nil,
    displayVersion: String? = nil,
    bundleVersion: String? = nil,
    iconAssetName: String? = nil,
    accentColorAssetName: String? = nil,
    supportedDeviceFamilies: [ProductSetting.IOSAppInfo.DeviceFamily],
    supportedInterfaceOrientations: [ProductSetting.IOSAppInfo.InterfaceOrientation],
    capabilities: [ProductSetting.IOSAppInfo.Capability] = [],
    additionalInfoPlistContentFilePath: String? = nil
  ) -> Product {
    return iOSApplication(
      name: name,
      targets: targets,
      bundleIdentifier: bundleIdentifier,
      teamIdentifier: teamIdentifier,
      displayVersion: displayVersion,
      bundleVersion: bundleVersion,
      appIcon: iconAssetName.map({ .asset($0) }),
      accentColor: accentColorAssetName.map({ .asset($0) }),
      supportedDeviceFamilies: supportedDeviceFamilies,
      supportedInterfaceOrientations: supportedInterfaceOrientations,
      capabilities: capabilities,
      additionalInfoPlistContentFilePath: additionalInfoPlistContentFilePath
    )
  }

  /// Creates an iOS application package product.
  ///
  /// - Parameters:
  ///     - name: The name of the application product.
  ///     - targets: The targets to include in the application product; one and only one of them should be an executable target.
  ///     - settings: The settings that define the core properties of the application.
  @available(_PackageDescription, introduced: 5.6)
  public static func iOSApplication(
    name: String,
    targets: [String],
    bundleIdentifier: String? = nil,
    teamIdentifier: String? = nil,
    displayVersion: String? = nil,
    bundleVersion: String? = nil,
    appIcon: ProductSetting.IOSAppInfo.AppIcon? = nil,
    accentColor: ProductSetting.IOSAppInfo.AccentColor? = nil,
    supportedDeviceFamilies: [ProductSetting.IOSAppInfo.DeviceFamily],
    supportedInterfaceOrientations: [ProductSetting.IOSAppInfo.InterfaceOrientation],
    capabilities: [ProductSetting.IOSAppInfo.Capability] = [],
    appCategory: ProductSetting.IOSAppInfo.AppCategory? = nil,
    additionalInfoPlistContentFilePath: String? = nil
  ) -> Product {
    // SwiftPM: `.executable(name: name, targets: targets, settings: [...])`, an SPI that the
    // Linux PackageDescription does not have.
    return .executable(name: name, targets: targets)
  }
}

/// A particular setting to apply to a product. Some may be specific to certain platforms.
public enum ProductSetting: Equatable {
  public struct IOSAppInfo: Equatable {
    // Represents the configuration of the app's accent color.
    public enum AccentColor: Equatable {
      public struct PresetColor: Equatable {
        public var rawValue: String

        public init(rawValue: String) {
          self.rawValue = rawValue
        }
      }
      // Predefined color.
      case presetColor(PresetColor)
      // Named asset in an asset catalog.
      case asset(String)
    }

    // Represents the configuration of the app's app icon.
    public enum AppIcon: Equatable {
      public struct PlaceholderIcon: Equatable {
        public var rawValue: String

        public init(rawValue: String) {
          self.rawValue = rawValue
        }
      }
      // Placeholder app icon using the app's accent color and specified icon.
      case placeholder(icon: PlaceholderIcon)
      // Named asset in an asset catalog.
      case asset(String)
    }

    /// Represents a family of device types that an application can support.
    public enum DeviceFamily: String, Equatable {
      case phone
      case pad
      case mac
    }

    /// Represents a condition on a particular device family.
    public struct DeviceFamilyCondition: Equatable {
      public var deviceFamilies: [DeviceFamily]

      public init(deviceFamilies: [DeviceFamily]) {
        self.deviceFamilies = deviceFamilies
      }
      public static func when(deviceFamilies: [DeviceFamily]) -> DeviceFamilyCondition {
        return DeviceFamilyCondition(deviceFamilies: deviceFamilies)
      }
    }

    /// Represents a supported device interface orientation.
    public enum InterfaceOrientation: Equatable {
      case portrait(_ condition: DeviceFamilyCondition? = nil)
      case portraitUpsideDown(_ condition: DeviceFamilyCondition? = nil)
      case landscapeRight(_ condition: DeviceFamilyCondition? = nil)
      case landscapeLeft(_ condition: DeviceFamilyCondition? = nil)

      public static var portrait: Self { portrait(nil) }
      public static var portraitUpsideDown: Self { portraitUpsideDown(nil) }
      public static var landscapeRight: Self { landscapeRight(nil) }
      public static var landscapeLeft: Self { landscapeLeft(nil) }
    }

    /// A capability required by the device.
    public enum Capability: Equatable {
      case appTransportSecurity(configuration: AppTransportSecurityConfiguration, _ condition: DeviceFamilyCondition? = nil)
      case bluetoothAlways(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case calendars(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case camera(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case contacts(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case faceID(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case fileAccess(_ location: FileAccessLocation, mode: FileAccessMode, _ condition: DeviceFamilyCondition? = nil)
      case incomingNetworkConnections(_ condition: DeviceFamilyCondition? = nil)
      case localNetwork(purposeString: String, bonjourServiceTypes: [String]? = nil, _ condition: DeviceFamilyCondition? = nil)
      case locationAlwaysAndWhenInUse(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case locationWhenInUse(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case mediaLibrary(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case microphone(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case motion(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case nearbyInteractionAllowOnce(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case outgoingNetworkConnections(_ condition: DeviceFamilyCondition? = nil)
      case photoLibrary(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case photoLibraryAdd(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case reminders(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case speechRecognition(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
      case userTracking(purposeString: String, _ condition: DeviceFamilyCondition? = nil)
    }

    public struct AppTransportSecurityConfiguration: Equatable {
      public var allowsArbitraryLoadsInWebContent: Bool? = nil
      public var allowsArbitraryLoadsForMedia: Bool? = nil
      public var allowsLocalNetworking: Bool? = nil
      public var exceptionDomains: [ExceptionDomain]? = nil
      public var pinnedDomains: [PinnedDomain]? = nil

      public struct ExceptionDomain: Equatable {
        public var domainName: String
        public var includesSubdomains: Bool? = nil
        public var exceptionAllowsInsecureHTTPLoads: Bool? = nil
        public var exceptionMinimumTLSVersion: String? = nil
        public var exceptionRequiresForwardSecrecy: Bool? = nil
        public var requiresCertificateTransparency: Bool? = nil

        public init(
          domainName: String,
          includesSubdomains: Bool? = nil,
          exceptionAllowsInsecureHTTPLoads: Bool? = nil,
          exceptionMinimumTLSVersion: String? = nil,
          exceptionRequiresForwardSecrecy: Bool? = nil,
          requiresCertificateTransparency: Bool? = nil
        ) {
          self.domainName = domainName
          self.includesSubdomains = includesSubdomains
          self.exceptionAllowsInsecureHTTPLoads = exceptionAllowsInsecureHTTPLoads
          self.exceptionMinimumTLSVersion = exceptionMinimumTLSVersion
          self.exceptionRequiresForwardSecrecy = exceptionRequiresForwardSecrecy
          self.requiresCertificateTransparency = requiresCertificateTransparency
        }
      }

      public struct PinnedDomain: Equatable {
        public var domainName: String
        public var includesSubdomains: Bool? = nil
        public var pinnedCAIdentities: [[String: String]]? = nil
        public var pinnedLeafIdentities: [[String: String]]? = nil

        public init(
          domainName: String,
          includesSubdomains: Bool? = nil,
          pinnedCAIdentities: [[String: String]]? = nil,
          pinnedLeafIdentities: [[String: String]]? = nil
        ) {
          self.domainName = domainName
          self.includesSubdomains = includesSubdomains
          self.pinnedCAIdentities = pinnedCAIdentities
          self.pinnedLeafIdentities = pinnedLeafIdentities
        }
      }

      public init(
        allowsArbitraryLoadsInWebContent: Bool? = nil,
        allowsArbitraryLoadsForMedia: Bool? = nil,
        allowsLocalNetworking: Bool? = nil,
        exceptionDomains: [ExceptionDomain]? = nil,
        pinnedDomains: [PinnedDomain]? = nil
      ) {
        self.allowsArbitraryLoadsInWebContent = allowsArbitraryLoadsInWebContent
        self.allowsArbitraryLoadsForMedia = allowsArbitraryLoadsForMedia
        self.allowsLocalNetworking = allowsLocalNetworking
        self.exceptionDomains = exceptionDomains
        self.pinnedDomains = pinnedDomains
      }
    }

    public enum FileAccessLocation: Equatable {
      case userSelectedFiles
      case downloadsFolder
      case pictureFolder
      case musicFolder
      case moviesFolder
    }

    public enum FileAccessMode: Equatable {
      case readOnly
      case readWrite
    }

    public struct AppCategory: Equatable, ExpressibleByStringLiteral {
      public var rawValue: String

      public init(rawValue: String) {
        self.rawValue = rawValue
      }

      public init(stringLiteral value: StringLiteralType) {
        self.init(rawValue: value)
      }
    }
  }
}

extension ProductSetting.IOSAppInfo.AccentColor.PresetColor {
  public static var blue: Self { .init(rawValue: "blue") }
  public static var brown: Self { .init(rawValue: "brown") }
  public static var cyan: Self { .init(rawValue: "cyan") }
  public static var green: Self { .init(rawValue: "green") }
  public static var indigo: Self { .init(rawValue: "indigo") }
  public static var mint: Self { .init(rawValue: "mint") }
  public static var orange: Self { .init(rawValue: "orange") }
  public static var pink: Self { .init(rawValue: "pink") }
  public static var purple: Self { .init(rawValue: "purple") }
  public static var red: Self { .init(rawValue: "red") }
  public static var teal: Self { .init(rawValue: "teal") }
  public static var yellow: Self { .init(rawValue: "yellow") }
}

extension ProductSetting.IOSAppInfo.AppIcon.PlaceholderIcon {
  public static var bandage: Self { .init(rawValue: "bandage") }
  public static var barChart: Self { .init(rawValue: "barChart") }
  public static var beachball: Self { .init(rawValue: "beachball") }
  public static var bicycle: Self { .init(rawValue: "bicycle") }
  public static var binoculars: Self { .init(rawValue: "binoculars") }
  public static var bird: Self { .init(rawValue: "bird") }
  public static var boat: Self { .init(rawValue: "boat") }
  public static var bowl: Self { .init(rawValue: "bowl") }
  public static var box: Self { .init(rawValue: "box") }
  public static var bunny: Self { .init(rawValue: "bunny") }
  public static var butterfly: Self { .init(rawValue: "butterfly") }
  public static var calculator: Self { .init(rawValue: "calculator") }
  public static var calendar: Self { .init(rawValue: "calendar") }
  public static var camera: Self { .init(rawValue: "camera") }
  public static var car: Self { .init(rawValue: "car") }
  public static var carrot: Self { .init(rawValue: "carrot") }
  public static var cat: Self { .init(rawValue: "cat") }
  public static var chatMessage: Self { .init(rawValue: "chatMessage") }
  public static var checkmark: Self { .init(rawValue: "checkmark") }
  public static var clock: Self { .init(rawValue: "clock") }
  public static var cloud: Self { .init(rawValue: "cloud") }
  public static var coffee: Self { .init(rawValue: "coffee") }
  public static var coins: Self { .init(rawValue: "coins") }
  public static var dog: Self { .init(rawValue: "dog") }
  public static var earth: Self { .init(rawValue: "earth") }
  public static var flower: Self { .init(rawValue: "flower") }
  public static var gamepad: Self { .init(rawValue: "gamepad") }
  public static var gift: Self { .init(rawValue: "gift") }
  public static var heart: Self { .init(rawValue: "heart") }
  public static var images: Self { .init(rawValue: "images") }
  public static var leaf: Self { .init(rawValue: "leaf") }
  public static var lightningBolt: Self { .init(rawValue: "lightningBolt") }
  public static var location: Self { .init(rawValue: "location") }
  public static var magicWand: Self { .init(rawValue: "magicWand") }
  public static var map: Self { .init(rawValue: "map") }
  public static var mic: Self { .init(rawValue: "mic") }
  public static var moon: Self { .init(rawValue: "moon") }
  public static var movieReel: Self { .init(rawValue: "movieReel") }
  public static var note: Self { .init(rawValue: "note") }
  public static var openBook: Self { .init(rawValue: "openBook") }
  public static var palette: Self { .init(rawValue: "palette") }
  public static var paper: Self { .init(rawValue: "paper") }
  public static var pencil: Self { .init(rawValue: "pencil") }
  public static var plane: Self { .init(rawValue: "plane") }
  public static var rocket: Self { .init(rawValue: "rocket") }
  public static var running: Self { .init(rawValue: "running") }
  public static var sandwich: Self { .init(rawValue: "sandwich") }
  public static var smiley: Self { .init(rawValue: "smiley") }
  public static var sparkle: Self { .init(rawValue: "sparkle") }
  public static var star: Self { .init(rawValue: "star") }
  public static var sun: Self { .init(rawValue: "sun") }
  public static var tv: Self { .init(rawValue: "tv") }
  public static var twoPeople: Self { .init(rawValue: "twoPeople") }
  public static var weights: Self { .init(rawValue: "weights") }
}
