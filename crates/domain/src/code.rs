//! Enums stored and sent by name: one declaration gives the names (`snake_case` unless a variant
//! says otherwise with `#[strum(serialize = "...")]`), the parse and the list of every value.

/// Declares an enum whose values are stored in the database and sent in answers by name.
/// Adds the usual derives, `as_str`, `parse` (unknown names are `None`) and `all` (every value,
/// in declaration order), so no enum keeps a hand-written map.
#[macro_export]
macro_rules! code_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($(#[$vmeta:meta])* $variant:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash,
            strum::IntoStaticStr, strum::EnumString, strum::VariantArray,
        )]
        #[strum(serialize_all = "snake_case")]
        $vis enum $name {
            $($(#[$vmeta])* $variant),*
        }

        impl $name {
            /// The name stored and sent.
            pub fn as_str(self) -> &'static str {
                self.into()
            }

            /// The value of a name; `None` for a name this enum does not have.
            pub fn parse(value: &str) -> Option<Self> {
                value.parse().ok()
            }

            /// Every value, in the order declared.
            pub fn all() -> &'static [Self] {
                <Self as strum::VariantArray>::VARIANTS
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::code_enum! {
        /// A sample.
        enum Sample {
            FirstOne,
            #[strum(serialize = "second.one")]
            SecondOne,
        }
    }

    #[test]
    fn names_parse_and_list() {
        assert_eq!(Sample::FirstOne.as_str(), "first_one");
        assert_eq!(Sample::SecondOne.as_str(), "second.one");
        assert_eq!(Sample::parse("second.one"), Some(Sample::SecondOne));
        assert_eq!(Sample::parse("second_one"), None);
        assert_eq!(Sample::all(), &[Sample::FirstOne, Sample::SecondOne]);
    }
}
