/// The words two people compare when a drop is caught, as Signal compares safety numbers
/// and Magic Wormhole its code words: three of 64 short, distinct English words (262,144
/// combinations), drawn by the database on a set-up server.
public enum DropWords {
    /// The words, each of 3 to 6 lowercase letters, none a prefix of another.
    public static let list = [
        "acorn", "amber", "apple", "badge", "basil", "beach", "berry", "birch", "bison", "bread", "brook", "cabin",
        "candle", "cedar", "cherry", "cloud", "clover", "comet", "coral", "daisy", "dune", "eagle", "ember", "fern",
        "fig", "flint", "frost", "garden", "ginger", "grape", "harbor", "hazel", "honey", "iris", "ivy", "jade",
        "kite", "lemon", "lilac", "maple", "meadow", "mint", "moss", "nest", "olive", "orbit", "otter", "pearl",
        "pebble", "pine", "plum", "quail", "raven", "river", "robin", "sage", "shell", "spruce", "stone", "tulip",
        "valley", "walnut", "willow", "zebra",
    ]
    /// How many words a drop shows.
    public static let count = 3

    /// Three words drawn with the system's secure random generator, joined by spaces.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in list[Int.random(in: 0..<list.count, using: &generator)] }.joined(separator: " ")
    }
}
