import Core

/// The dog of a profile; always valid.
public struct Dog: Sendable, Equatable {
    /// The longest name, in characters (`String.limitLength`).
    public static let maximumNameLength = 15
    /// The trimmed name, 1 to 15 characters.
    public let name: String
    /// The age in years, 0 to 99.
    public let age: Int
    /// Male or female.
    public let sex: DogSex
    /// Whether neutered (SniffMeet's `sexUponIntake`).
    public let neutered: Bool
    /// Small, medium or large.
    public let size: DogSize
    /// One or two distinct keywords.
    public let keywords: [DogKeyword]

    /// A dog, checked.
    /// - Throws: `invalid_argument` (fields `dog.name`, `dog.age`, `dog.keywords`).
    public init(name: String, age: Int, sex: DogSex, neutered: Bool, size: DogSize, keywords: [DogKeyword]) throws {
        let trimmed = name.keptText
        guard !trimmed.isEmpty, trimmed.limitLength <= Self.maximumNameLength else {
            throw AppError.invalidArgument(
                "a dog's name is 1 to 15 characters, got \(trimmed.limitLength)", field: "dog.name")
        }
        guard (0...99).contains(age) else {
            throw AppError.invalidArgument("a dog's age is 0 to 99, got \(age)", field: "dog.age")
        }
        guard (1...2).contains(keywords.count), Set(keywords).count == keywords.count else {
            throw AppError.invalidArgument("a dog has 1 or 2 different keywords", field: "dog.keywords")
        }
        self.name = trimmed
        self.age = age
        self.sex = sex
        self.neutered = neutered
        self.size = size
        self.keywords = keywords
    }
}
