use std::collections::BTreeMap;

use crate::Msg;

/// Field name to the messages that field failed, in rule order (the first is shown), and, for a
/// value another record already holds (a customer's phone), that record's id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<&'static str, Vec<Msg>>, BTreeMap<&'static str, i64>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &'static str, msg: Msg) -> Self {
        let mut errors = Self::new();
        errors.add(field, msg);
        errors
    }

    pub fn add(&mut self, field: &'static str, msg: Msg) {
        self.0.entry(field).or_default().push(msg);
    }

    /// Names the record that already holds the field's value (the customer a taken phone
    /// belongs to), so the caller can use it instead of making a duplicate.
    pub fn held_by(mut self, field: &'static str, id: i64) -> Self {
        self.1.insert(field, id);
        self
    }

    /// The record that holds the field's value, when one was named.
    pub fn holder(&self, field: &str) -> Option<i64> {
        self.1.get(field).copied()
    }

    /// Records the error of a parse result, if any, and hands back the parsed value.
    pub fn check<T>(&mut self, field: &'static str, result: Result<T, Msg>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(msg) => {
                self.add(field, msg);
                None
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &[Msg])> {
        self.0.iter().map(|(field, msgs)| (*field, msgs.as_slice()))
    }

    /// `Ok(())` when nothing failed, so callers can `?` after collecting every field.
    pub fn into_result(self) -> Result<(), FieldErrors> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_rule_order_per_field() {
        let mut errors = FieldErrors::new();
        errors.add("email", Msg::EmailRequired);
        errors.add("email", Msg::EmailInvalid);
        errors.add("name", Msg::NameRequired);
        let collected: Vec<_> = errors.iter().collect();
        assert_eq!(collected[0], ("email", &[Msg::EmailRequired, Msg::EmailInvalid][..]));
        assert_eq!(collected[1], ("name", &[Msg::NameRequired][..]));
        assert!(errors.into_result().is_err());
        assert!(FieldErrors::new().into_result().is_ok());
    }
}
