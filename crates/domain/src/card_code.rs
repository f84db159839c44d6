use crate::Msg;

/// A redemption-card code as typed: trimmed, at most 50 characters, compared case-insensitively
/// (held upper-case).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CardCode(String);

impl CardCode {
    pub const MAX_LEN: usize = 50;
    /// Generated codes: 12 characters from an alphabet without look-alikes (no 0/O, 1/I/L).
    pub const ALPHABET: &'static [u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    pub const GENERATED_LEN: usize = 12;

    pub fn parse(input: &str) -> Result<Self, Msg> {
        let trimmed = input.trim();
        if trimmed.is_empty() {
            Err(Msg::RedemptionCodeEmpty)
        } else if input.chars().count() > Self::MAX_LEN {
            Err(Msg::RedemptionCodeTooLong)
        } else {
            Ok(Self(trimmed.to_uppercase()))
        }
    }

    /// Shortest code a card can be given by hand.
    pub const MIN_LEN: usize = 4;

    /// What a card form's code may be, as published in the OpenAPI document: blank (a code is
    /// generated), or `MIN_LEN` to `MAX_LEN` of A-Z, a-z and 0-9, spaces around allowed.
    pub const PATTERN: &'static str = r"^\s*([A-Za-z0-9]{4,50})?\s*$";

    /// A card form's code: `None` when left out or blank (one is generated), else
    /// [`CardCode::for_card`].
    pub fn typed_for_card(input: Option<&str>) -> Result<Option<Self>, Msg> {
        match input.map(|i| i.trim_matches(|c: char| c.is_ascii_whitespace())) {
            None | Some("") => Ok(None),
            Some(typed) => Self::for_card(typed).map(Some),
        }
    }

    /// A code typed for a new or edited card: 4 to 50 of A-Z and 0-9 (lower case is
    /// upper-cased), so every accepted code prints in the code font and reads aloud unambiguously.
    /// Checked before upper-casing, so no letter becomes Latin by it ("ß" is not "SS").
    pub fn for_card(input: &str) -> Result<Self, Msg> {
        let typed = input.trim_matches(|c: char| c.is_ascii_whitespace());
        let code = Self::parse(typed)?;
        let shaped =
            (Self::MIN_LEN..=Self::MAX_LEN).contains(&typed.len()) && typed.bytes().all(|b| b.is_ascii_alphanumeric());
        if shaped {
            Ok(code)
        } else {
            Err(Msg::CardCodeShape)
        }
    }

    /// A code from random bytes (one byte per character; the caller supplies a CSPRNG's bytes).
    pub fn from_random(bytes: &[u8; Self::GENERATED_LEN]) -> Self {
        let n = Self::ALPHABET.len();
        // 256 is not a multiple of 31: reject-free mapping skews by < 1 %, acceptable for codes
        // that are also single-use and rate limited.
        Self(bytes.iter().map(|b| char::from(Self::ALPHABET[usize::from(*b) % n])).collect())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_uppercases_and_bounds() {
        assert_eq!(CardCode::parse("  k7m2q9xht4wd ").map(|c| c.0), Ok("K7M2Q9XHT4WD".into()));
        assert_eq!(CardCode::parse("   "), Err(Msg::RedemptionCodeEmpty));
        assert_eq!(CardCode::parse(&"A".repeat(51)), Err(Msg::RedemptionCodeTooLong));
        assert!(CardCode::parse(&"A".repeat(50)).is_ok());
    }

    #[test]
    fn a_cards_code_is_4_to_50_latin_letters_and_digits() {
        assert_eq!(CardCode::for_card(" gold2026 ").map(|c| c.0), Ok("GOLD2026".into()));
        assert!(CardCode::for_card("ABCD").is_ok());
        assert!(CardCode::for_card(&"Z".repeat(50)).is_ok());
        for bad in ["ABC", "GOLD 2026", "GOLD-2026", "ذهب2026", "GOLD_1", "ÄBCD", "１２３４"] {
            assert_eq!(CardCode::for_card(bad), Err(Msg::CardCodeShape), "{bad}");
        }
        assert_eq!(CardCode::for_card(""), Err(Msg::RedemptionCodeEmpty));
        assert_eq!(CardCode::for_card(&"A".repeat(51)), Err(Msg::RedemptionCodeTooLong));
        // Upper-casing makes "ß" "SS" and "ﬀ" "FF": refused as typed, as the pattern says.
        for bad in ["straße", "ﬀABCD", "\u{85}ABCD", "ABCD\u{A0}"] {
            assert_eq!(CardCode::for_card(bad), Err(Msg::CardCodeShape), "{bad:?}");
        }
        assert_eq!(CardCode::typed_for_card(Some("  ")), Ok(None));
        assert_eq!(CardCode::typed_for_card(None), Ok(None));
        assert_eq!(CardCode::typed_for_card(Some("\u{85}")), Err(Msg::RedemptionCodeEmpty));
        assert!(CardCode::PATTERN.contains(&format!("{{{},{}}}", CardCode::MIN_LEN, CardCode::MAX_LEN)));
    }

    #[test]
    fn a_code_is_bounded_as_typed() {
        assert_eq!(CardCode::parse(&format!(" {}", "A".repeat(50))), Err(Msg::RedemptionCodeTooLong));
    }

    #[test]
    fn generated_codes_use_the_unambiguous_alphabet() {
        let code = CardCode::from_random(&[0, 30, 31, 255, 7, 8, 9, 10, 11, 12, 13, 200]);
        assert_eq!(code.as_str().len(), 12);
        assert!(code.as_str().bytes().all(|b| CardCode::ALPHABET.contains(&b)));
        assert!(!code.as_str().contains(['0', 'O', '1', 'I', 'L']));
    }
}
