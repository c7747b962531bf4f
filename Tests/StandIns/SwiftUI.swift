// A stand-in for SwiftUI, so the generated iOS skeleton can be type-checked on Linux. It declares
// only what the skeleton uses, with the names, signatures and concurrency annotations of Apple's
// current SDK. Built-in views and scenes are primitive here (their `Body` is `Never`). The SDK's
// `WindowGroup` keeps `init(content:)` (deprecated in iOS 18) beside `init(makeContent:)`; how it
// ranks the two for a trailing closure is not documented, so here the deprecated one is disfavored.

import Foundation
import UIKit

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    /// What `@main` calls.
    @MainActor @preconcurrency public static func main() {}
}

extension Never: View, Scene {
    public var body: Never { return fatalError("stand-in") }  // `return`: no result builder
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

public typealias ContentBuilder = ViewBuilder

@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

@frozen
public nonisolated struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError("stand-in") }
}

@frozen
public struct Text: View, Equatable, Sendable {
    private let content: String
    public init<S>(_ content: S) where S: StringProtocol { self.content = String(content) }
    public init(verbatim content: String) { self.content = content }
    public var body: Never { fatalError("stand-in") }
}

public nonisolated struct WindowGroup<Content>: Scene where Content: View {
    private let makeContent: () -> Content

    @available(iOS, introduced: 14.0, deprecated: 18.0, renamed: "init(makeContent:)")
    @_disfavoredOverload
    nonisolated public init(@ContentBuilder content: () -> Content) {
        let made = content()
        makeContent = { made }
    }

    nonisolated public init(@ContentBuilder makeContent: @escaping () -> Content) { self.makeContent = makeContent }

    public var body: Never { fatalError("stand-in") }
}

@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType>
where DelegateType: NSObject, DelegateType: UIApplicationDelegate {
    @MainActor @preconcurrency public init(_ delegateType: DelegateType.Type = DelegateType.self) {}

    @MainActor @preconcurrency public var wrappedValue: DelegateType { fatalError("stand-in") }
}

/// A UIKit view controller shown as a SwiftUI view.
@MainActor @preconcurrency
public protocol UIViewControllerRepresentable: View where Body == Never {
    associatedtype UIViewControllerType: UIViewController
    typealias Context = UIViewControllerRepresentableContext<Self>
    @MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    @MainActor @preconcurrency func updateUIViewController(
        _ uiViewController: Self.UIViewControllerType, context: Self.Context)
}

extension UIViewControllerRepresentable where Body == Never {
    public var body: Never { fatalError("stand-in") }
}

@MainActor @preconcurrency
public struct UIViewControllerRepresentableContext<Representable> where Representable: UIViewControllerRepresentable {}
