import Core
import Formats

extension StoredImage {
    /// The description of `image`, its hash computed here.
    public init(_ image: ProcessedPhoto.Image) {
        self.init(width: image.width, height: image.height, bytes: image.bytes, sha256: SHA256.hex(image.jpeg))
    }
}
