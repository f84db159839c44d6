//! Amounts in LYD as they come in: a decimal string or an exact JSON number.

use super::*;

/// A decimal amount in LYD, sent as a string (`"12.500"`) or a JSON number (`12.5`).
///
/// A number is kept exactly as it was written (never through a float), so
/// `12.0000000000000001` or `1e2` are refused like the strings `"12.0000000000000001"` and
/// `"1e2"` instead of being rounded on the way in.
///
/// Holds the text either way: a string's content, or the number's literal.
#[derive(Debug, Clone)]
pub struct DecimalInput(String);

impl<'de> Deserialize<'de> for DecimalInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let raw = <Box<serde_json::value::RawValue>>::deserialize(deserializer)?;
        let text = raw.get();
        match text.as_bytes().first() {
            Some(b'"') => serde_json::from_str(text).map(DecimalInput).map_err(D::Error::custom),
            Some(b'-' | b'0'..=b'9') => Ok(DecimalInput(text.to_owned())),
            _ => Err(D::Error::custom("invalid type: expected a decimal string or a number")),
        }
    }
}

/// What an amount looks like as a string: up to 9 digits, then up to 3 decimals, nothing around
/// it; the digits Latin (`0-9`) or Arabic-Indic (`٠-٩`, `۰-۹`, read as Latin; the decimal point
/// `.` or `٫`), as tills type them. The server reads exactly this (`Money::parse`).
pub const AMOUNT_PATTERN: &str = r"^[0-9٠-٩۰-۹]{1,9}([.٫][0-9٠-٩۰-۹]{1,3})?$";

/// The schema of a [`DecimalInput`]: a decimal string or a JSON number.
pub(super) fn decimal_schema(description: &str, example: &str, nullable: bool) -> utoipa::openapi::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
    let mut one_of = OneOfBuilder::new()
        .description(Some(format!(
            "{description} A decimal string or a JSON number, exactly as written: at most three \
             decimals (`10.5000` is refused, even as a number), no exponent, no separators, no \
             spaces around it. A string may use Arabic-Indic digits (`١٢٫٥`)."
        )))
        .item(ObjectBuilder::new().schema_type(Type::String).pattern(Some(AMOUNT_PATTERN)).examples([example]))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Number)
                .minimum(Some(0.0))
                .maximum(Some(999_999_999.999))
                .multiple_of(Some(0.001)),
        );
    if nullable {
        one_of = one_of.item(ObjectBuilder::new().schema_type(Type::Null));
    }
    utoipa::openapi::Schema::OneOf(one_of.build())
}

pub(super) fn invoice_total_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD, at least 0.01, up to three decimals.", "12.500", false)
}

pub(super) fn return_amount_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD brought back: at least 0.001, up to three decimals.", "4.000", false)
}

pub(super) fn reward_amount_schema() -> utoipa::openapi::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    let mut schema = decimal_schema(
        "LYD for cash and prize; a whole percent up to `x-discount-maximum` for discount. Empty (`\"\"`) or `null` is 0, as a form left blank sends it.",
        "10",
        true,
    );
    if let utoipa::openapi::Schema::OneOf(one_of) = &mut schema {
        one_of.items.push(ObjectBuilder::new().schema_type(Type::String).max_length(Some(0)).into());
    }
    schema
}

pub(super) fn stamp_min_total_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD a sale must reach to earn a stamp: 0 or more.", "10.000", false)
}

pub(super) fn points_rate_schema() -> utoipa::openapi::Schema {
    decimal_schema("Points per LYD: at least 0.1, in steps of 0.1.", "1.5", false)
}

pub(super) fn min_purchase_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD; 0 or more. Omitted keeps the current value.", "5", false)
}

pub(super) fn max_invoice_total_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD; at least 0.010. Omitted keeps the current value.", "10000.000", false)
}

pub(super) fn confirm_above_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD; 0 or more. Omitted keeps the current value.", "1000.000", false)
}

pub(super) fn point_value_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD that 100 points are worth, 0.001 to 1,000; `null` turns points as money off. Omitted keeps the current value.", "1.000", true)
}

pub(super) fn price_schema() -> utoipa::openapi::Schema {
    decimal_schema("LYD, 0 or more (default 0).", "250.000", true)
}

impl DecimalInput {
    pub fn into_string(self) -> String {
        self.0
    }
}
