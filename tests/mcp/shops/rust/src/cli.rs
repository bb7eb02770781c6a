use crate::{total, Engine};

pub fn main(argv: &str) -> usize {
    let engine = Engine { retries: 1 };
    let line = engine.process(argv);
    total(&[line])
}
