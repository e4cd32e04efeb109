//! Text helpers.

/// How words are split.
pub enum SplitMode {
    Whitespace,
    Punctuation,
}

pub struct Tokenizer {
    mode: SplitMode,
}

pub trait Normalize {
    fn normalize(&self, text: &str) -> String;
}

impl Tokenizer {
    pub fn new(mode: SplitMode) -> Self {
        Tokenizer { mode }
    }

    pub fn split<'a>(&self, text: &'a str) -> Vec<&'a str> {
        match self.mode {
            SplitMode::Whitespace => text.split_whitespace().collect(),
            SplitMode::Punctuation => text.split(|c: char| c.is_ascii_punctuation()).collect(),
        }
    }
}

impl Normalize for Tokenizer {
    fn normalize(&self, text: &str) -> String {
        self.split(text).join(" ").to_lowercase()
    }
}
