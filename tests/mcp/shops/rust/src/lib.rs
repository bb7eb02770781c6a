pub mod cli;

/// Runs orders.
pub struct Engine {
    pub retries: u32,
}

impl Engine {
    /// Process one order.
    pub fn process(&self, order: &str) -> String {
        order.trim().to_string()
    }
}

pub fn total(orders: &[String]) -> usize {
    orders.iter().map(|o| o.len()).sum()
}
