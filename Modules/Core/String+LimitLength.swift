extension String {
    /// The scalars that never begin a Character of their own in the text the app keeps: the
    /// zero-width joiner (with the scalar it joins), the text and emoji variation selectors,
    /// the five skin tones and the keycap mark.
    public static let joiningScalars: Set<UInt32> = [
        0xFE0E, 0xFE0F, 0x1F3FB, 0x1F3FC, 0x1F3FD, 0x1F3FE, 0x1F3FF, 0x20E3,
    ]
    /// The zero-width joiner.
    public static let zeroWidthJoiner: UInt32 = 0x200D
    /// The most UTF-8 bytes a limit lets each character of its length take
    /// (`TextLengthChecks.byteMigration`): a family emoji with skin tones is about 35, so
    /// text of letters and emoji never reaches it; a run of joiners, which
    /// `databaseLength` does not count, does.
    public static let maximumBytesPerCharacter = 64

    /// The length the database checks a text column against (`TextLengthChecks`): the
    /// scalars, less each zero-width joiner and the scalar it joins, each variation
    /// selector, skin tone and keycap mark. For text of letters and emoji (a family, a
    /// thumbs-up with a skin tone) it is the count of Characters; a database cannot count
    /// Characters, so the app refuses text over a limit by this count too.
    public var databaseLength: Int {
        var length = 0
        for scalar in unicodeScalars {
            if scalar.value == Self.zeroWidthJoiner {
                length -= 1
            } else if !Self.joiningScalars.contains(scalar.value) {
                length += 1
            }
        }
        return length
    }

    /// The length a limit of the app holds text to: the largest of its Characters, its
    /// `databaseLength` and its UTF-8 bytes over `maximumBytesPerCharacter` (rounded up), so
    /// text the app keeps is text the database takes.
    public var limitLength: Int {
        let bytes = (utf8.count + Self.maximumBytesPerCharacter - 1) / Self.maximumBytesPerCharacter
        return Swift.max(count, databaseLength, bytes)
    }
}
