use std::str::FromStr;

use bigdecimal::{BigDecimal, ToPrimitive};

use crate::Msg;

/// An exact amount of Libyan dinars, held as dirhams (1 LYD = 1000 dirhams).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);
    /// Largest amount accepted on any form: one thousand million dinars.
    pub const MAX: Money = Money(1_000_000_000_000);

    pub const fn from_dirhams(dirhams: i64) -> Self {
        Self(dirhams)
    }

    pub fn dirhams(self) -> i64 {
        self.0
    }

    /// Parses a decimal such as `12.5`, `12.500` or `-3`, written as the API document's pattern
    /// says: up to 9 whole digits, at most three decimals (`"1.2300"` has four, even if they are
    /// zeros), nothing around it (`" 7 "` is refused, so the server and the document agree);
    /// Arabic-Indic digits and `٫` are read as their Latin forms. Within ±MAX.
    pub fn parse(input: &str) -> Result<Self, Msg> {
        let input = crate::text::latin_digits(input);
        // Only plain decimals: BigDecimal would also read "1_000", "1e3" or "+5".
        let unsigned = input.strip_prefix('-').unwrap_or(&input);
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, "0"));
        let digits = |s: &str, max: usize| (1..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole, 9) || !digits(fraction, 3) {
            return Err(Msg::MoneyInvalid);
        }
        let decimal = BigDecimal::from_str(&input).map_err(|_| Msg::MoneyInvalid)?;
        Self::from_decimal(&decimal)
    }

    pub fn from_decimal(decimal: &BigDecimal) -> Result<Self, Msg> {
        let scaled = decimal * BigDecimal::from(1000);
        if !scaled.is_integer() {
            return Err(Msg::MoneyInvalid);
        }
        let dirhams = scaled.to_i64().ok_or(Msg::MoneyInvalid)?;
        if dirhams.abs() > Self::MAX.0 {
            return Err(Msg::MoneyInvalid);
        }
        Ok(Self(dirhams))
    }

    pub fn to_decimal(self) -> BigDecimal {
        BigDecimal::new(self.0.into(), 3)
    }

    pub fn is_negative(self) -> bool {
        self.0 < 0
    }
}

/// The wire form: a decimal string with exactly three places, e.g. `"12.500"`.
impl std::fmt::Display for Money {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:03}", abs / 1000, abs % 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_up_to_three_decimals_exactly() {
        assert_eq!(Money::parse("12.5"), Ok(Money(12_500)));
        assert_eq!(Money::parse("0.001"), Ok(Money(1)));
        assert_eq!(Money::parse("-3.25"), Ok(Money(-3_250)));
        // As the document's pattern says: nothing around it, at most three decimals, 9 digits.
        for refused in [" 7 ", "  10", "10 ", "1.2300", "10.5000", "0000000010"] {
            assert_eq!(Money::parse(refused), Err(Msg::MoneyInvalid), "{refused}");
        }
        assert_eq!(Money::parse("0.0001"), Err(Msg::MoneyInvalid));
        assert_eq!(Money::parse("abc"), Err(Msg::MoneyInvalid));
        assert_eq!(Money::parse(""), Err(Msg::MoneyInvalid));
        assert_eq!(Money::parse("1e400"), Err(Msg::MoneyInvalid));
        for loose in ["1_000", "+5", "1e3", ".5", "12.", "1 000", "0x10", "--1", "1.2.3"] {
            assert_eq!(Money::parse(loose), Err(Msg::MoneyInvalid), "{loose}");
        }
        assert_eq!(Money::parse("١٢٫٥"), Ok(Money(12_500)));
        assert_eq!(Money::parse("1000000001"), Err(Msg::MoneyInvalid));
        assert_eq!(Money::parse("999999999.999"), Ok(Money(999_999_999_999)));
    }

    #[test]
    fn displays_three_places() {
        assert_eq!(Money(12_500).to_string(), "12.500");
        assert_eq!(Money(5).to_string(), "0.005");
        assert_eq!(Money(-1_050).to_string(), "-1.050");
        assert_eq!(Money::ZERO.to_string(), "0.000");
    }

    proptest! {
        #[test]
        fn display_then_parse_round_trips(d in -1_000_000_000_000i64..=1_000_000_000_000) {
            prop_assert_eq!(Money::parse(&Money(d).to_string()), Ok(Money(d)));
            prop_assert_eq!(Money::from_decimal(&Money(d).to_decimal()), Ok(Money(d)));
        }
    }
}
