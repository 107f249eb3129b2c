import Core

/// Conversions between the `profiles` routes' values and the module's types.
enum ProfileValues {
    static func profile(_ profile: Profile, user: User) -> Value {
        let dog = profile.dog
        return .table(
            Record([
                ("user_id", .string(profile.userID)), ("user_name", .string(user.name)),
                ("nickname", .string(profile.nickname)),
                (
                    "dog",
                    .table(
                        Record([
                            ("name", .string(dog.name)), ("age", .int(dog.age)), ("sex", .string(dog.sex.rawValue)),
                            ("neutered", .bool(dog.neutered)), ("size", .string(dog.size.rawValue)),
                            ("keywords", .array(dog.keywords.map { .string($0.rawValue) })),
                        ]))
                ),
                (
                    "photo",
                    profile.photo.map {
                        .table(Record([("card", $0.card.value), ("thumbnail", $0.thumbnail.value)]))
                    } ?? .null
                ),
            ]))
    }

    /// A dog from `profiles.save`'s `dog` table; unknown fields and values are refused.
    static func dog(_ record: Record) throws -> Dog {
        let known: Set<String> = ["name", "age", "sex", "neutered", "size", "keywords"]
        for key in record.keys where !known.contains(key) {
            throw AppError.invalidArgument(
                "unknown field '\(key)' in dog (it takes \(known.sorted().joined(separator: ", ")))", field: "dog")
        }
        guard let name = record["name"]?.stringValue else {
            throw AppError.invalidArgument("dog.name is a string", field: "dog.name")
        }
        guard let age = record["age"]?.intValue else {
            throw AppError.invalidArgument("dog.age is a whole number", field: "dog.age")
        }
        guard let sexText = record["sex"]?.stringValue, let sex = DogSex(rawValue: sexText) else {
            throw AppError.invalidArgument("dog.sex is \"male\" or \"female\"", field: "dog.sex")
        }
        guard let sizeText = record["size"]?.stringValue, let size = DogSize(rawValue: sizeText) else {
            throw AppError.invalidArgument("dog.size is \"small\", \"medium\" or \"large\"", field: "dog.size")
        }
        let neutered = record["neutered"] ?? .bool(false)
        guard let isNeutered = neutered.boolValue else {
            throw AppError.invalidArgument("dog.neutered is a boolean", field: "dog.neutered")
        }
        guard let words = record["keywords"]?.arrayValue else {
            throw AppError.invalidArgument("dog.keywords is a list of 1 or 2 keywords", field: "dog.keywords")
        }
        let keywords = try words.map { word in
            guard let text = word.stringValue, let keyword = DogKeyword(rawValue: text) else {
                throw AppError.invalidArgument(
                    "dog.keywords are from energetic, smart, friendly, shy, independent", field: "dog.keywords")
            }
            return keyword
        }
        return try Dog(name: name, age: age, sex: sex, neutered: isNeutered, size: size, keywords: keywords)
    }
}
