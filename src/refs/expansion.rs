//! Where the expansion of a `macro_rules!` call puts a name written among the call's tokens.
//!
//! A name passed to a macro means what the macro's expansion makes of it: `impl_integer! {
//! I8(i8) I16(i16) }` with a rule writing `ParsedInteger::$wrap(v)` uses the variants
//! `ParsedInteger::I8` and `ParsedInteger::I16`, though the call's tokens say nothing of
//! `ParsedInteger`. Read as written, such a name is a bare word that names nothing, and a
//! rename would leave it behind and break the build.
//!
//! So a call to a `macro_rules!` of the same file is matched against its rules the way rustc
//! does it, on tokens: the first rule whose pattern the call's tokens fit, metavariables
//! taking their fragments (`ident` one name, `tt` one token or group, `expr`, `ty`, `path`,
//! `pat` greedily up to a token that may follow them), repetitions (`$(..),*`) as many
//! times as they fit. The rule's body is then written out with the bound tokens in place,
//! calls of the file's macros in that output expanded in turn, and every place the name's
//! token lands is reported with the tokens around it ([`Landing`]): what the caller needs
//! to read it as rustc would (`Owner::name`, a key of `Owner { name: .. }`, `self.name`,
//! `vec.name` on a parameter `vec: $storage` of a function the expansion writes, a
//! definition, a bare name).
//!
//! Nothing here guesses: a call whose tokens fit no rule, a fragment kind this reader does
//! not know, an expansion deeper than [`MAX_DEPTH`] or larger than its budget gives `None`,
//! and the caller reads the name as written, as before. A name that the matched rule never
//! writes out (bound to a metavariable the body drops, or a token of the pattern itself) has
//! no landing: the expansion does not use it.

use std::collections::HashMap;

use tree_sitter::Node;

use super::facts::Facts;
use super::macros;

/// How many macro calls deep an expansion is followed (a macro calling itself per item, as
/// `impl_integer!($wraps($tys))` does, needs one).
const MAX_DEPTH: usize = 8;
/// How many matching steps one expansion may take before it is given up.
const BUDGET: usize = 200_000;

/// A token of Rust code: its kind and where its text is in the file. A doc comment is the
/// attribute rustc makes of it (`#[doc = ".."]`), its tokens synthetic.
#[derive(Clone, Debug)]
pub struct Token {
    pub kind: Kind,
    /// Byte range in the file; a synthetic token's is the comment's start, empty.
    pub span: (usize, usize),
    synthetic: Option<&'static str>,
    /// A group's tokens, between its delimiters.
    pub inner: Vec<Token>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Ident,
    Lifetime,
    Literal,
    Punct,
    /// A delimited group, by its opening delimiter.
    Group(u8),
}

impl Token {
    pub fn text<'t>(&self, source: &'t str) -> &'t str {
        match self.synthetic {
            Some(text) => text,
            None => &source[self.span.0..self.span.1],
        }
    }

    fn is(&self, source: &str, text: &str) -> bool {
        !matches!(self.kind, Kind::Group(_)) && self.text(source) == text
    }

    /// `Self`, as if written at `at`.
    pub fn self_type(at: usize) -> Token {
        Token::synthetic(Kind::Ident, at, "Self")
    }

    fn leaf(kind: Kind, span: (usize, usize)) -> Token {
        Token {
            kind,
            span,
            synthetic: None,
            inner: Vec::new(),
        }
    }

    fn synthetic(kind: Kind, at: usize, text: &'static str) -> Token {
        Token {
            kind,
            span: (at, at),
            synthetic: Some(text),
            inner: Vec::new(),
        }
    }
}

/// The tokens of `source[from..to]`, groups nested; `None` where delimiters do not pair.
pub fn tokenize(source: &str, from: usize, to: usize) -> Option<Vec<Token>> {
    let mut lexer = Lexer {
        source,
        bytes: source.as_bytes(),
        at: from,
        end: to,
    };
    let tokens = lexer.group(None)?;
    (lexer.at >= lexer.end).then_some(tokens)
}

struct Lexer<'s> {
    source: &'s str,
    bytes: &'s [u8],
    at: usize,
    end: usize,
}

/// Punctuation rustc reads as one token, longest first. `<<` and `>>` stay two tokens each,
/// so that angle brackets pair in both a pattern and a call.
const JOINED: [&str; 18] = [
    "..=", "...", "::", "=>", "->", "..", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=",
];

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> u8 {
        let i = self.at + ahead;
        if i < self.end {
            self.bytes[i]
        } else {
            0
        }
    }

    /// Tokens up to the delimiter closing `open` (or the end, for none).
    fn group(&mut self, open: Option<u8>) -> Option<Vec<Token>> {
        let mut tokens = Vec::new();
        loop {
            self.skip_space_and_comments(&mut tokens)?;
            if self.at >= self.end {
                return open.is_none().then_some(tokens);
            }
            let c = self.bytes[self.at];
            match c {
                b'(' | b'[' | b'{' => {
                    let start = self.at;
                    self.at += 1;
                    let inner = self.group(Some(c))?;
                    tokens.push(Token {
                        kind: Kind::Group(c),
                        span: (start, self.at),
                        synthetic: None,
                        inner,
                    });
                }
                b')' | b']' | b'}' => {
                    let expected = match open? {
                        b'(' => b')',
                        b'[' => b']',
                        _ => b'}',
                    };
                    if c != expected {
                        return None;
                    }
                    self.at += 1;
                    return Some(tokens);
                }
                _ => tokens.push(self.token()?),
            }
        }
    }

    /// Skips blanks and comments, writing doc comments as the attributes they are.
    fn skip_space_and_comments(&mut self, tokens: &mut Vec<Token>) -> Option<()> {
        loop {
            while self.at < self.end && self.bytes[self.at].is_ascii_whitespace() {
                self.at += 1;
            }
            if self.peek(0) != b'/' || !matches!(self.peek(1), b'/' | b'*') {
                return Some(());
            }
            let start = self.at;
            let block = self.peek(1) == b'*';
            let (third, fourth) = (self.peek(2), self.peek(3));
            let (outer, inner) = match block {
                false => (third == b'/' && fourth != b'/', third == b'!'),
                true => (third == b'*' && !matches!(fourth, b'*' | b'/'), third == b'!'),
            };
            if block {
                let mut depth = 0usize;
                loop {
                    if self.at + 1 >= self.end {
                        return None;
                    }
                    match (self.bytes[self.at], self.bytes[self.at + 1]) {
                        (b'/', b'*') => {
                            depth += 1;
                            self.at += 2;
                        }
                        (b'*', b'/') => {
                            depth -= 1;
                            self.at += 2;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => self.at += 1,
                    }
                }
            } else {
                while self.at < self.end && self.bytes[self.at] != b'\n' {
                    self.at += 1;
                }
            }
            if outer || inner {
                tokens.push(Token::synthetic(Kind::Punct, start, "#"));
                if inner {
                    tokens.push(Token::synthetic(Kind::Punct, start, "!"));
                }
                let attribute = vec![
                    Token::synthetic(Kind::Ident, start, "doc"),
                    Token::synthetic(Kind::Punct, start, "="),
                    Token::leaf(Kind::Literal, (start, self.at)),
                ];
                tokens.push(Token {
                    kind: Kind::Group(b'['),
                    span: (start, start),
                    synthetic: None,
                    inner: attribute,
                });
            }
        }
    }

    fn token(&mut self) -> Option<Token> {
        let start = self.at;
        let c = self.bytes[start];
        let ident_start = |c: u8| c.is_ascii_alphabetic() || c == b'_' || c >= 0x80;
        let ident_continue = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
        // String-like literals with a prefix: b"..", r#".."#, br"..", c"..", b'x'.
        let prefixed = match (c, self.peek(1), self.peek(2)) {
            (b'b' | b'c', b'"', _) | (b'b', b'\'', _) => Some(1),
            (b'r', b'"' | b'#', _) if self.peek(1) == b'"' || self.raw_string_at(1) => Some(1),
            (b'b' | b'c', b'r', b'"' | b'#') if self.peek(2) == b'"' || self.raw_string_at(2) => Some(2),
            _ => None,
        };
        if let Some(prefix) = prefixed {
            self.at += prefix;
            return self.quoted(start);
        }
        if c == b'r' && self.peek(1) == b'#' && ident_start(self.peek(2)) {
            self.at += 2;
            while self.at < self.end && ident_continue(self.bytes[self.at]) {
                self.at += 1;
            }
            return Some(Token::leaf(Kind::Ident, (start, self.at)));
        }
        if ident_start(c) {
            while self.at < self.end && ident_continue(self.bytes[self.at]) {
                self.at += 1;
            }
            return Some(Token::leaf(Kind::Ident, (start, self.at)));
        }
        if c.is_ascii_digit() {
            self.number();
            return Some(Token::leaf(Kind::Literal, (start, self.at)));
        }
        if c == b'"' {
            return self.quoted(start);
        }
        if c == b'\'' {
            // `'a'`, `'\n'`, `'é'` are characters; `'a` and `'static` lifetimes.
            let rest = &self.source[start + 1..self.end];
            let mut chars = rest.chars();
            let first = chars.next()?;
            if first == '\\' || chars.next() == Some('\'') {
                return self.quoted(start);
            }
            self.at += 1 + first.len_utf8();
            while self.at < self.end && ident_continue(self.bytes[self.at]) {
                self.at += 1;
            }
            return Some(Token::leaf(Kind::Lifetime, (start, self.at)));
        }
        let rest = &self.source[start..self.end];
        let length = JOINED.iter().find(|p| rest.starts_with(**p)).map_or(1, |p| p.len());
        let length = rest
            .chars()
            .next()
            .map_or(length, |ch| if length == 1 { ch.len_utf8() } else { length });
        self.at += length;
        Some(Token::leaf(Kind::Punct, (start, self.at)))
    }

    fn raw_string_at(&self, ahead: usize) -> bool {
        let mut i = ahead;
        while self.peek(i) == b'#' {
            i += 1;
        }
        i > ahead && self.peek(i) == b'"'
    }

    /// A quoted literal from the quote (or the `#`s of a raw string) at `self.at`, with its
    /// suffix.
    fn quoted(&mut self, start: usize) -> Option<Token> {
        let raw = self.at > start && self.bytes[self.at - 1] == b'r';
        let mut hashes = 0;
        while self.peek(0) == b'#' {
            hashes += 1;
            self.at += 1;
        }
        let quote = self.peek(0);
        self.at += 1;
        loop {
            if self.at >= self.end {
                return None;
            }
            let c = self.bytes[self.at];
            if c == b'\\' && !raw {
                self.at += 2;
                continue;
            }
            self.at += 1;
            if c == quote && (0..hashes).all(|k| self.peek(k) == b'#') {
                self.at += hashes;
                break;
            }
        }
        while self.at < self.end && (self.bytes[self.at].is_ascii_alphanumeric() || self.bytes[self.at] == b'_') {
            self.at += 1;
        }
        Some(Token::leaf(Kind::Literal, (start, self.at)))
    }

    fn number(&mut self) {
        let digits = |lexer: &mut Self| {
            while lexer.at < lexer.end
                && (lexer.bytes[lexer.at].is_ascii_alphanumeric() || lexer.bytes[lexer.at] == b'_')
            {
                let exponent = matches!(lexer.bytes[lexer.at], b'e' | b'E');
                lexer.at += 1;
                if exponent && matches!(lexer.peek(0), b'+' | b'-') && lexer.peek(1).is_ascii_digit() {
                    lexer.at += 1;
                }
            }
        };
        digits(self);
        if self.peek(0) == b'.' && self.peek(1).is_ascii_digit() {
            self.at += 1;
            digits(self);
        }
    }
}

/// A rule's pattern, read from its tokens.
#[derive(Debug)]
enum Matcher {
    Token(String),
    Group(u8, Vec<Matcher>),
    Variable(String, String),
    Repetition {
        inner: Vec<Matcher>,
        separator: Option<String>,
        op: u8,
    },
}

fn matchers(source: &str, tokens: &[Token]) -> Option<Vec<Matcher>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        if token.is(source, "$") {
            match tokens.get(i + 1) {
                Some(next) if next.kind == Kind::Ident => {
                    let colon = tokens.get(i + 2).filter(|t| t.is(source, ":"));
                    let fragment = tokens.get(i + 3).filter(|t| t.kind == Kind::Ident);
                    match (colon, fragment) {
                        (Some(_), Some(fragment)) => {
                            out.push(Matcher::Variable(
                                next.text(source).to_string(),
                                fragment.text(source).to_string(),
                            ));
                            i += 4;
                        }
                        _ => {
                            // `$crate` in a pattern is two tokens to meet as written.
                            out.push(Matcher::Token("$".into()));
                            out.push(Matcher::Token(next.text(source).to_string()));
                            i += 2;
                        }
                    }
                    continue;
                }
                Some(next) if next.kind == Kind::Group(b'(') => {
                    let inner = matchers(source, &next.inner)?;
                    let (separator, op, used) = repetition_tail(source, &tokens[i + 2..])?;
                    out.push(Matcher::Repetition { inner, separator, op });
                    i += 2 + used;
                    continue;
                }
                _ => {}
            }
        }
        out.push(match token.kind {
            Kind::Group(delimiter) => Matcher::Group(delimiter, matchers(source, &token.inner)?),
            _ => Matcher::Token(token.text(source).to_string()),
        });
        i += 1;
    }
    Some(out)
}

/// The separator and operator after a repetition's group (`,*`, `+`, `;?`), and how many
/// tokens they take.
fn repetition_tail(source: &str, after: &[Token]) -> Option<(Option<String>, u8, usize)> {
    let op = |t: &Token| match t.text(source) {
        "*" => Some(b'*'),
        "+" => Some(b'+'),
        "?" => Some(b'?'),
        _ => None,
    };
    let first = after.first()?;
    if let Some(found) = op(first).filter(|_| first.kind == Kind::Punct) {
        return Some((None, found, 1));
    }
    let found = after.get(1).and_then(op)?;
    Some((Some(first.text(source).to_string()), found, 2))
}

/// What a metavariable bound to: one fragment's tokens, or one per repetition.
#[derive(Clone, Debug)]
enum Bound {
    One(Vec<Token>),
    Many(Vec<Bound>),
}

type Bindings = HashMap<String, Bound>;

struct Matching<'s> {
    source: &'s str,
    steps: usize,
}

impl Matching<'_> {
    /// Every way `pattern` matches a prefix of `tokens[from..]`: where it ends and what it
    /// binds.
    fn sequence(&mut self, pattern: &[Matcher], tokens: &[Token], from: usize) -> Option<Vec<(usize, Bindings)>> {
        self.steps += 1;
        if self.steps > BUDGET {
            return None;
        }
        let Some((first, rest)) = pattern.split_first() else {
            return Some(vec![(from, Bindings::new())]);
        };
        let source = self.source;
        let then = |this: &mut Self, at: usize, bound: Bindings| -> Option<Vec<(usize, Bindings)>> {
            let mut found = this.sequence(rest, tokens, at)?;
            for (_, bindings) in &mut found {
                bindings.extend(bound.clone());
            }
            Some(found)
        };
        match first {
            Matcher::Token(text) => match tokens.get(from) {
                Some(token) if token.is(source, text) => then(self, from + 1, Bindings::new()),
                _ => Some(Vec::new()),
            },
            Matcher::Group(delimiter, inner) => match tokens.get(from) {
                Some(token) if token.kind == Kind::Group(*delimiter) => {
                    let mut found = Vec::new();
                    for (end, bound) in self.sequence(inner, &token.inner, 0)? {
                        if end == token.inner.len() {
                            found.extend(then(self, from + 1, bound)?);
                        }
                    }
                    Some(found)
                }
                _ => Some(Vec::new()),
            },
            Matcher::Variable(name, fragment) => {
                let Some(end) = fragment_end(source, fragment, tokens, from)? else {
                    return Some(Vec::new());
                };
                let bound = Bindings::from([(name.clone(), Bound::One(tokens[from..end].to_vec()))]);
                then(self, end, bound)
            }
            Matcher::Repetition { inner, separator, op } => {
                let names = variable_names(inner);
                // Each state: where the repetitions so far end, and what each bound.
                // Ways that end at the same token are one way (the first found): the
                // states stay as many as the tokens.
                let mut states: Vec<(usize, Vec<Bindings>)> = vec![(from, Vec::new())];
                let mut finished: Vec<(usize, Vec<Bindings>)> = Vec::new();
                let mut seen = std::collections::HashSet::new();
                while let Some((at, done)) = states.pop() {
                    if !seen.insert((at, done.is_empty())) {
                        continue;
                    }
                    self.steps += done.len();
                    let enough = *op != b'+' || !done.is_empty();
                    if enough {
                        finished.push((at, done.clone()));
                    }
                    if *op == b'?' && !done.is_empty() {
                        continue;
                    }
                    let mut next = at;
                    if let (Some(separator), false) = (separator, done.is_empty()) {
                        match tokens.get(at) {
                            Some(token) if token.is(source, separator) => next += 1,
                            _ => continue,
                        }
                    }
                    for (end, bound) in self.sequence(inner, tokens, next)? {
                        if end > at {
                            let mut more = done.clone();
                            more.push(bound);
                            states.push((end, more));
                        }
                    }
                    if self.steps > BUDGET {
                        return None;
                    }
                }
                // The most repetitions first, as a greedy reading takes them.
                finished.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
                let mut found: Vec<(usize, Bindings)> = Vec::new();
                for (at, done) in finished {
                    let bound: Bindings = names
                        .iter()
                        .map(|name| {
                            let each = done.iter().filter_map(|b| b.get(name).cloned()).collect();
                            (name.clone(), Bound::Many(each))
                        })
                        .collect();
                    for (end, bindings) in then(self, at, bound)? {
                        if !found.iter().any(|(seen, _)| *seen == end) {
                            found.push((end, bindings));
                        }
                    }
                }
                Some(found)
            }
        }
    }
}

fn variable_names(pattern: &[Matcher]) -> Vec<String> {
    let mut names = Vec::new();
    for matcher in pattern {
        match matcher {
            Matcher::Variable(name, _) => names.push(name.clone()),
            Matcher::Group(_, inner) | Matcher::Repetition { inner, .. } => names.extend(variable_names(inner)),
            Matcher::Token(_) => {}
        }
    }
    names
}

/// Where a fragment of kind `fragment` starting at `tokens[from]` ends: `Some(None)` when it
/// cannot start there, `None` for a kind this reader does not know. Fragments parse
/// greedily, as rustc's parser does, and stop at the tokens that may follow them.
fn fragment_end(source: &str, fragment: &str, tokens: &[Token], from: usize) -> Option<Option<usize>> {
    let at = |i: usize| tokens.get(i);
    let is = |i: usize, text: &str| at(i).is_some_and(|t| t.is(source, text));
    let until = |stop: &dyn Fn(usize, usize) -> bool| -> Option<usize> {
        let mut angles = 0usize;
        let mut i = from;
        while i < tokens.len() && !stop(i, angles) {
            if is(i, "<") {
                angles += 1;
            } else if is(i, ">") {
                angles = angles.saturating_sub(1);
            }
            i += 1;
        }
        (i > from).then_some(i)
    };
    if !may_begin(source, fragment, at(from)) {
        return Some(None);
    }
    let end = match fragment {
        "ident" => at(from)
            .filter(|t| t.kind == Kind::Ident && !t.is(source, "_"))
            .map(|_| from + 1),
        "lifetime" => at(from).filter(|t| t.kind == Kind::Lifetime).map(|_| from + 1),
        "tt" => at(from).map(|_| from + 1),
        "block" => at(from).filter(|t| t.kind == Kind::Group(b'{')).map(|_| from + 1),
        "literal" => match at(from) {
            Some(t) if t.is(source, "-") && at(from + 1).is_some_and(|n| n.kind == Kind::Literal) => Some(from + 2),
            Some(t) if t.kind == Kind::Literal || t.is(source, "true") || t.is(source, "false") => Some(from + 1),
            _ => None,
        },
        "vis" => Some(match at(from) {
            Some(t) if t.is(source, "pub") => match at(from + 1) {
                Some(g)
                    if g.kind == Kind::Group(b'(')
                        && g.inner
                            .first()
                            .is_some_and(|f| ["crate", "self", "super", "in"].iter().any(|k| f.is(source, k))) =>
                {
                    from + 2
                }
                _ => from + 1,
            },
            _ => from,
        }),
        "expr" | "expr_2021" | "meta" => until(&|i, _| is(i, ",") || is(i, ";") || is(i, "=>")),
        "stmt" => until(&|i, _| is(i, ";")),
        "ty" | "path" => until(&|i, angles| {
            let token = &tokens[i];
            let group_after = i > from && matches!(token.kind, Kind::Group(b'{') | Kind::Group(b'['));
            let brace = matches!(token.kind, Kind::Group(b'{'));
            angles == 0
                && (brace
                    || group_after
                    || [",", ";", "=>", "=", "|", ":", ">", "as", "where"]
                        .iter()
                        .any(|s| token.is(source, s)))
        }),
        "pat" | "pat_param" => {
            let bar = fragment == "pat_param";
            until(&|i, _| ["=>", ",", "=", "if", "in"].iter().any(|s| is(i, s)) || (bar && is(i, "|")))
        }
        "item" => tokens[from..]
            .iter()
            .position(|t| t.is(source, ";") || t.kind == Kind::Group(b'{'))
            .map(|k| from + k + 1),
        _ => return None,
    };
    Some(end)
}

/// Whether a fragment of kind `fragment` may begin with `token` (rustc checks this before
/// it parses one, so that `$(@$pub:ident)? $type:ty` reads `@pub Day` as the `@` branch,
/// never as a type starting at `@`). An empty `vis` may begin anywhere.
fn may_begin(source: &str, fragment: &str, token: Option<&Token>) -> bool {
    let Some(token) = token else {
        return fragment == "vis";
    };
    let any = |texts: &[&str]| texts.iter().any(|t| token.is(source, t));
    let group = matches!(token.kind, Kind::Group(_));
    let ident = token.kind == Kind::Ident;
    match fragment {
        "ty" => ident || group || token.kind == Kind::Lifetime || any(&["!", "*", "&", "&&", "<", "::", "_", "?", "$"]),
        "path" | "meta" => ident || any(&["::", "<", "$"]),
        "expr" | "expr_2021" | "stmt" => {
            ident
                || group
                || matches!(token.kind, Kind::Literal | Kind::Lifetime)
                || any(&["-", "!", "*", "&", "&&", "|", "||", "..", "..=", "<", "::", "#", "$"])
        }
        "pat" | "pat_param" => {
            ident || group || token.kind == Kind::Literal || any(&["&", "&&", "-", "..", "..=", "::", "<", "|", "$"])
        }
        "item" => ident || any(&["#", "$"]),
        _ => true,
    }
}

/// A rule's body written out with what its pattern bound: `$name` replaced by its tokens,
/// `$(..)sep op` once per repetition of the metavariables it uses.
fn transcribe(
    source: &str,
    body: &[Token],
    bindings: &Bindings,
    indices: &mut Vec<usize>,
    out: &mut Vec<Token>,
) -> Option<()> {
    let mut i = 0;
    while i < body.len() {
        let token = &body[i];
        if token.is(source, "$") {
            match body.get(i + 1) {
                Some(next) if next.kind == Kind::Ident && next.text(source) != "crate" => {
                    match bindings.get(next.text(source)) {
                        Some(bound) => out.extend(bound_at(bound, indices)?.iter().cloned()),
                        None => out.extend([token.clone(), next.clone()]),
                    }
                    i += 2;
                    continue;
                }
                Some(next) if next.kind == Kind::Group(b'(') => {
                    let (separator, _, used) = repetition_tail(source, &body[i + 2..])?;
                    let times = repetitions(source, &next.inner, bindings, indices)?;
                    for k in 0..times {
                        if k > 0 {
                            if let Some(separator) = body.get(i + 2).filter(|_| separator.is_some()) {
                                out.push(separator.clone());
                            }
                        }
                        indices.push(k);
                        transcribe(source, &next.inner, bindings, indices, out)?;
                        indices.pop();
                    }
                    i += 2 + used;
                    continue;
                }
                _ => {}
            }
        }
        match token.kind {
            Kind::Group(_) => {
                let mut inner = Vec::new();
                transcribe(source, &token.inner, bindings, indices, &mut inner)?;
                out.push(Token { inner, ..token.clone() });
            }
            _ => out.push(token.clone()),
        }
        i += 1;
    }
    Some(())
}

/// The tokens `bound` gives at the repetition `indices`.
fn bound_at<'b>(bound: &'b Bound, indices: &[usize]) -> Option<&'b [Token]> {
    match bound {
        Bound::One(tokens) => Some(tokens),
        Bound::Many(each) => bound_at(each.get(*indices.first()?)?, &indices[1..]),
    }
}

/// How many times a body repetition runs: as many as the repeated metavariables it uses
/// were bound (they must agree).
fn repetitions(source: &str, body: &[Token], bindings: &Bindings, indices: &[usize]) -> Option<usize> {
    let mut times: Option<usize> = None;
    let mut used = Vec::new();
    used_variables(source, body, &mut used);
    for name in used {
        let Some(mut bound) = bindings.get(name) else {
            continue;
        };
        for index in indices {
            match bound {
                Bound::Many(each) => bound = each.get(*index)?,
                Bound::One(_) => break,
            }
        }
        if let Bound::Many(each) = bound {
            match times {
                Some(seen) if seen != each.len() => return None,
                _ => times = Some(each.len()),
            }
        }
    }
    times
}

fn used_variables<'s>(source: &'s str, body: &[Token], out: &mut Vec<&'s str>) {
    for (i, token) in body.iter().enumerate() {
        if token.is(source, "$") {
            if let Some(next) = body.get(i + 1).filter(|n| n.kind == Kind::Ident) {
                out.push(next.text(source));
            }
        }
        used_variables(source, &token.inner, out);
    }
}

/// The tokens between the delimiters of a node that is one delimited group (a call's
/// arguments, a rule's pattern or body).
fn group_tokens(source: &str, group: Node<'_>) -> Option<Vec<Token>> {
    let mut tokens = tokenize(source, group.start_byte(), group.end_byte())?;
    match tokens.as_mut_slice() {
        [only] if matches!(only.kind, Kind::Group(_)) => Some(std::mem::take(&mut only.inner)),
        _ => None,
    }
}

/// The expansion of a call to the `macro_rules!` `definition` with `arguments`: the first
/// rule whose pattern they fit, its body written out.
fn expand(facts: &Facts, definition: Node<'_>, arguments: &[Token], steps: &mut usize) -> Option<Vec<Token>> {
    // Every name inside one call asks for the same expansions: they are made once per file
    // and charged to the budget as if made again, so an answer never depends on the order
    // names are asked in.
    let key = (definition.start_byte(), fingerprint(arguments));
    if let Some((expansion, cost)) = facts.expansions.get(&key) {
        *steps += cost;
        return expansion;
    }
    let before = *steps;
    let expansion = expand_once(facts, definition, arguments, steps);
    facts.expansions.put(key, (expansion.clone(), *steps - before));
    expansion
}

/// What tells one call's arguments from another's: each token's kind, place and text.
fn fingerprint(tokens: &[Token]) -> u64 {
    use std::hash::{Hash, Hasher};
    fn feed(tokens: &[Token], hasher: &mut std::collections::hash_map::DefaultHasher) {
        tokens.len().hash(hasher);
        for token in tokens {
            token.kind.hash(hasher);
            token.span.hash(hasher);
            token.synthetic.hash(hasher);
            feed(&token.inner, hasher);
        }
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    feed(tokens, &mut hasher);
    hasher.finish()
}

/// The expansions a file's macro calls were found to have, by the macro's definition and
/// the call's arguments, with the matching steps each took.
#[derive(Default)]
pub struct Expansions(std::sync::Mutex<HashMap<ExpansionKey, Expanded>>);

/// A macro's definition (where it starts) and a fingerprint of a call's arguments.
type ExpansionKey = (usize, u64);
/// An expansion (`None`: it could not be made) and the matching steps it took.
type Expanded = (Option<Vec<Token>>, usize);

impl Expansions {
    fn get(&self, key: &ExpansionKey) -> Option<Expanded> {
        self.0.lock().ok()?.get(key).cloned()
    }

    fn put(&self, key: ExpansionKey, value: Expanded) {
        if let Ok(mut map) = self.0.lock() {
            map.insert(key, value);
        }
    }
}

fn expand_once(facts: &Facts, definition: Node<'_>, arguments: &[Token], steps: &mut usize) -> Option<Vec<Token>> {
    let source = facts.text();
    let mut cursor = definition.walk();
    for rule in definition
        .named_children(&mut cursor)
        .filter(|r| r.kind() == "macro_rule")
    {
        let (left, right) = (rule.child_by_field_name("left")?, rule.child_by_field_name("right")?);
        let pattern = matchers(source, &group_tokens(source, left)?)?;
        let mut matching = Matching { source, steps: *steps };
        let found = matching.sequence(&pattern, arguments, 0);
        *steps = matching.steps;
        let Some((_, bindings)) = found?.into_iter().find(|(end, _)| *end == arguments.len()) else {
            continue;
        };
        let body = group_tokens(source, right)?;
        let mut out = Vec::new();
        transcribe(source, &body, &bindings, &mut Vec::new(), &mut out)?;
        return Some(out);
    }
    None
}

/// The rule of `definition` (a `macro_definition` in `definition_facts`) that a call whose
/// argument tokens are `arguments` (a token tree in `call_facts`, which may be another file)
/// expands by: the first whose pattern they fit, as rustc chooses. `None` where no rule
/// fits, or where a rule before the one that fits cannot be told (a fragment this reader
/// does not know, the budget spent): a later rule is never taken past one that might fit.
pub fn rule_for_call<'d>(
    definition_facts: &'d Facts,
    definition: Node<'d>,
    call_facts: &Facts,
    arguments: Node<'_>,
) -> Option<Node<'d>> {
    let (written, called) = (definition_facts.text(), call_facts.text());
    let arguments = group_tokens(called, arguments)?;
    let mut steps = 0;
    let mut cursor = definition.walk();
    for rule in definition
        .named_children(&mut cursor)
        .filter(|r| r.kind() == "macro_rule")
    {
        let pattern = matchers(written, &group_tokens(written, rule.child_by_field_name("left")?)?)?;
        let mut matching = Matching { source: called, steps };
        let found = matching.sequence(&pattern, &arguments, 0)?;
        steps = matching.steps;
        if found.iter().any(|(end, _)| *end == arguments.len()) {
            return Some(rule);
        }
    }
    None
}

/// One place the expansion writes the name: the tokens of the group it stands in, its
/// index among them, and the groups around that group (innermost last), each with the
/// tokens beside it.
#[derive(Debug)]
pub struct Landing {
    /// The tokens around, from the outermost expansion's level down: each level's tokens and
    /// the index of the group that leads to the next.
    pub levels: Vec<(Vec<Token>, usize)>,
}

impl Landing {
    /// The tokens beside the name and its index among them.
    pub fn here(&self) -> (&[Token], usize) {
        let (tokens, index) = self.levels.last().expect("a landing has a level");
        (tokens, *index)
    }

    /// The groups around the name, innermost first: each level's tokens and the group's
    /// index among them.
    pub fn around(&self) -> impl Iterator<Item = (&[Token], usize)> {
        self.levels[..self.levels.len() - 1]
            .iter()
            .rev()
            .map(|(tokens, i)| (tokens.as_slice(), *i))
    }
}

/// Where the expansion of the macro call around the name at byte `at` writes it, when the
/// call, or a call among its tokens, is to a `macro_rules!` of the file whose rules saguaro
/// can follow (calls nested in an expansion expand as part of it; the tokens of another
/// macro, `vec!`, `format!`, are read in place). `None` when no such call holds the name or
/// its expansion cannot be read; an empty list when the expansion drops the name.
pub fn landings(facts: &Facts, at: usize) -> Option<Vec<Landing>> {
    // Most files define no macro: nothing of theirs expands, and their calls' tokens are not
    // read again for one.
    memchr::memmem::find(facts.text().as_bytes(), b"macro_rules!")?;
    let node = facts.node((at, at))?;
    let mut outermost = None;
    let mut current = node;
    while let Some(parent) = current.parent() {
        if parent.kind() == "macro_definition" {
            return None;
        }
        if parent.kind() == "macro_invocation" {
            outermost = Some(parent);
        }
        current = parent;
    }
    let call = outermost?;
    let source = facts.text();
    let name = facts.text_of(call.child_by_field_name("macro")?);
    let name = name.rsplit("::").next().unwrap_or(name);
    let arguments = call
        .named_children(&mut call.walk())
        .find(|c| c.kind() == "token_tree")?;
    let inner = group_tokens(source, arguments)?;
    let mut walk = Walk {
        facts,
        at,
        call: call.start_byte(),
        steps: 0,
        found: Vec::new(),
        in_place: false,
    };
    match macros::visible_definition(facts, name, call.start_byte()) {
        Some(definition) => {
            let expansion = expand(facts, definition, &inner, &mut walk.steps)?;
            walk.follow(expansion, Vec::new(), 1)?;
        }
        None => walk.follow(inner, Vec::new(), 0)?,
    }
    (!walk.in_place).then_some(walk.found)
}

struct Walk<'f> {
    facts: &'f Facts,
    /// Where the name is written.
    at: usize,
    /// Where the outermost call starts: the macros its expansion calls are the ones seen
    /// there.
    call: usize,
    steps: usize,
    found: Vec<Landing>,
    /// Whether the name was met outside any expansion, as written.
    in_place: bool,
}

impl Walk<'_> {
    /// The landings of the name in `tokens` (with `levels` above them; `depth` expansions
    /// deep), calls of the file's macros among them expanded in their turn.
    fn follow(&mut self, tokens: Vec<Token>, levels: Vec<(Vec<Token>, usize)>, depth: usize) -> Option<()> {
        if depth > MAX_DEPTH || self.steps > BUDGET {
            return None;
        }
        let source = self.facts.text();
        for (i, token) in tokens.iter().enumerate() {
            if token.kind == Kind::Ident && token.span.0 == self.at && token.synthetic.is_none() {
                if depth == 0 {
                    self.in_place = true;
                    continue;
                }
                let mut levels = levels.clone();
                levels.push((tokens.clone(), i));
                self.found.push(Landing { levels });
            }
            if !matches!(token.kind, Kind::Group(_)) || !holds(token, self.at) {
                continue;
            }
            // `name!(..)`: a call of a macro of the file expands; another macro's tokens
            // are read in place.
            let called = i >= 2 && tokens[i - 1].is(source, "!") && tokens[i - 2].kind == Kind::Ident;
            let definition = called
                .then(|| macros::visible_definition(self.facts, tokens[i - 2].text(source), self.call))
                .flatten()
                .filter(|_| !(i >= 3 && tokens[i - 3].is(source, "macro_rules")));
            match definition {
                Some(definition) => {
                    let expansion = expand(self.facts, definition, &token.inner, &mut self.steps)?;
                    let mut deeper = levels.clone();
                    deeper.push((tokens.clone(), i));
                    self.follow(expansion, deeper, depth + 1)?;
                }
                None => {
                    let mut deeper = levels.clone();
                    deeper.push((tokens.clone(), i));
                    self.follow(token.inner.clone(), deeper, depth)?;
                }
            }
        }
        Some(())
    }
}

/// How an expansion writes the name, read from the tokens beside it as rustc's parser
/// would.
#[derive(Debug)]
pub enum Written {
    /// `Owner::name`, `$crate::a::name(..)`: a member of the path before it (its tokens).
    Qualified { path: Vec<Token>, called: bool },
    /// `Owner { name: .. }`, `Owner { name, .. }`: a field of the literal's (or pattern's)
    /// type.
    Key { path: Vec<Token> },
    /// `self.name`, `self.name(..)`.
    OfSelf { called: bool },
    /// `value.name` where `value` is a parameter of the function the expansion writes around
    /// the name and does not bind again (`fn from(vec: $storage) -> Self { vec.$name }`): a
    /// member of the parameter's type, whose path is given (`&`, `mut` and lifetimes set
    /// aside), with the parameter's name token, for the caller to check that the receiver is
    /// written where the parameter is (rustc's hygiene keeps a call's `vec` from meaning a
    /// rule's).
    OfParameter {
        path: Vec<Token>,
        parameter: Token,
        receiver: Token,
        called: bool,
    },
    /// `value.name` on another receiver, which the expansion's tokens do not type.
    OfReceiver,
    /// `fn name`, `struct name`, `let name`, a parameter or a field declared: the expansion
    /// defines something of that name (`item`: the keyword of an item it declares, `struct`,
    /// `fn` for a function or method, `const`, ..; none for a local, parameter or field).
    Defined { item: Option<&'static str> },
    /// A macro's name (`name!`): no item.
    MacroName,
    /// The name alone: what it names where the call is.
    Bare { called: bool },
}

/// Keywords that declare an item of the name after them (`fn name`, `const NAME`).
pub const ITEM_KEYWORDS: [&str; 9] = [
    "fn", "struct", "enum", "union", "trait", "type", "mod", "const", "static",
];

/// Keywords that open a block after them, never a struct literal's path.
const BLOCK_KEYWORDS: [&str; 12] = [
    "unsafe", "async", "loop", "else", "move", "const", "try", "match", "if", "while", "in", "return",
];

impl Landing {
    /// How the expansion writes the name here.
    pub fn written(&self, source: &str) -> Written {
        let (tokens, i) = self.here();
        let is = |k: usize, text: &str| tokens.get(k).is_some_and(|t| t.is(source, text));
        let called =
            matches!(tokens.get(i + 1).map(|t| t.kind), Some(Kind::Group(b'('))) || is(i + 1, "::") && is(i + 2, "<");
        if is(i + 1, "!") {
            return Written::MacroName;
        }
        if i >= 2 && is(i - 1, "::") {
            return Written::Qualified {
                path: path_before(source, tokens, i - 1),
                called,
            };
        }
        if i >= 1 && is(i - 1, ".") {
            let on_self = i >= 2 && is(i - 2, "self") && !(i >= 3 && (is(i - 3, ".") || is(i - 3, "::")));
            if on_self {
                return Written::OfSelf { called };
            }
            let receiver = &tokens[i.saturating_sub(2)];
            let plain = i >= 2 && receiver.kind == Kind::Ident && !(i >= 3 && (is(i - 3, ".") || is(i - 3, "::")));
            if let Some((parameter, path)) = plain.then(|| self.parameter_type(source, receiver)).flatten() {
                return Written::OfParameter {
                    path,
                    parameter,
                    receiver: receiver.clone(),
                    called,
                };
            }
            return Written::OfReceiver;
        }
        let mut declares = ITEM_KEYWORDS.iter().chain(&["let", "mut", "ref"]);
        if i >= 1 && declares.any(|k| is(i - 1, k)) {
            return Written::Defined {
                item: ITEM_KEYWORDS.iter().copied().find(|k| is(i - 1, k)),
            };
        }
        let key_position =
            i == 0 || is(i - 1, ",") || (i >= 2 && is(i - 2, "#") && tokens[i - 1].kind == Kind::Group(b'['));
        let colon = is(i + 1, ":");
        let shorthand = i + 1 == tokens.len() || is(i + 1, ",");
        if key_position && (colon || shorthand) {
            if let Some((outer, group)) = self.around().next() {
                match outer[group].kind {
                    Kind::Group(b'{') => {
                        let path = path_before(source, outer, group);
                        let written = (2 * path.len()).saturating_sub(1);
                        let before = (group - written).checked_sub(1).map(|k| &outer[k]);
                        let declared =
                            before.is_some_and(|b| ["struct", "enum", "union"].iter().any(|k| b.is(source, k)));
                        if declared && colon {
                            return Written::Defined { item: None };
                        }
                        let literal = !path.is_empty()
                            && !path
                                .first()
                                .is_some_and(|h| BLOCK_KEYWORDS.iter().any(|k| h.is(source, k)))
                            && !before.is_some_and(|b| {
                                [
                                    "impl", "for", "->", ":", "trait", "mod", "fn", "where", "dyn", "struct", "enum",
                                    "union",
                                ]
                                .iter()
                                .chain(BLOCK_KEYWORDS.iter())
                                .any(|k| b.is(source, k))
                            });
                        if literal {
                            return Written::Key { path };
                        }
                    }
                    Kind::Group(b'(')
                        if colon && group >= 2 && outer[..group].iter().rev().take(8).any(|t| t.is(source, "fn")) =>
                    {
                        // `fn $method(self, $field: $ty)`: a parameter.
                        return Written::Defined { item: None };
                    }
                    _ => {}
                }
            }
        }
        if i >= 1 && is(i - 1, "|") && is(i + 1, "|") {
            return Written::Defined { item: None };
        }
        Written::Bare { called }
    }

    /// Whether the `.` before the name is the one written before it at the call (`$body`
    /// given `req.path`), not one of the rule's (`$value.$field`).
    pub fn receiver_as_written(&self, source: &str, at: usize) -> bool {
        let (tokens, i) = self.here();
        i >= 1
            && source
                .get(tokens[i - 1].span.1..at)
                .is_some_and(|between| between.trim().is_empty())
    }

    /// The parameter named as `receiver` of the innermost function the expansion writes
    /// around the name, and its type's path, when the function's body binds no other value
    /// of that name (a `let`, a closure's or a `for`'s pattern, a `match` arm's binding would
    /// be another value, so any of them gives `None`).
    fn parameter_type(&self, source: &str, receiver: &Token) -> Option<(Token, Vec<Token>)> {
        let name = receiver.text(source);
        // A block, `unsafe { .. }`, an `impl`'s body is passed by: the function is further out.
        let (header, opens, body) = self.blocks_headed_by(source, "fn").next()?;
        if rebinds(source, &body.inner, name) {
            return None;
        }
        let parameters = header[opens..].iter().find(|t| t.kind == Kind::Group(b'('))?;
        let mut parts = parameters.inner.split(|t| t.is(source, ","));
        let part = parts.find(|part| {
            let pattern: Vec<&Token> = part
                .iter()
                .take_while(|t| !t.is(source, ":"))
                .filter(|t| !t.is(source, "mut"))
                .collect();
            matches!(pattern.as_slice(), [only] if only.kind == Kind::Ident && only.is(source, name))
        })?;
        let parameter = part.iter().find(|t| t.is(source, name))?.clone();
        let colon = part.iter().position(|t| t.is(source, ":"))?;
        // `&'a mut Type<..>`: the type borrowed, its path's segments.
        let written = part[colon + 1..]
            .iter()
            .skip_while(|t| t.is(source, "&") || t.is(source, "mut") || t.kind == Kind::Lifetime);
        let mut path = Vec::new();
        let mut expect_segment = true;
        for token in written {
            match (expect_segment, token.kind) {
                (true, Kind::Ident) => path.push(token.clone()),
                (false, _) if token.is(source, "::") => {}
                _ => break,
            }
            expect_segment = !expect_segment;
        }
        (!path.is_empty()).then_some((parameter, path))
    }

    /// The braced groups around the name whose header (the tokens before the group, from the
    /// statement's start) holds `keyword` (`fn`, `impl`), innermost first: the header, where
    /// the keyword is in it, and the group.
    fn blocks_headed_by<'l>(
        &'l self,
        source: &'l str,
        keyword: &'l str,
    ) -> impl Iterator<Item = (&'l [Token], usize, &'l Token)> + 'l {
        self.around().filter_map(move |(tokens, group)| {
            if tokens[group].kind != Kind::Group(b'{') {
                return None;
            }
            let header_start = tokens[..group]
                .iter()
                .rposition(|t| t.is(source, ";") || matches!(t.kind, Kind::Group(b'{')))
                .map_or(0, |k| k + 1);
            let header = &tokens[header_start..group];
            let opens = header.iter().position(|t| t.is(source, keyword))?;
            Some((header, opens, &tokens[group]))
        })
    }

    /// The type path of the `impl` the expansion writes around the name (`impl Trait for
    /// Type<..> { .. }`, `impl<T> Type<T> { .. }`): what `Self` is there.
    pub fn impl_type(&self, source: &str) -> Option<Vec<Token>> {
        let (header, opens, _) = self.blocks_headed_by(source, "impl").next()?;
        let mut k = opens + 1;
        let mut angles = 0usize;
        let mut type_start = None;
        // Past the impl's own generics, then past `Trait for` if it is written.
        while k < header.len() {
            let token = &header[k];
            if token.is(source, "<") {
                angles += 1;
            } else if token.is(source, ">") {
                angles = angles.saturating_sub(1);
            } else if angles == 0 && type_start.is_none() && token.kind == Kind::Ident {
                type_start = Some(k);
            } else if angles == 0 && token.is(source, "for") {
                type_start = None;
            } else if angles == 0 && token.is(source, "where") {
                break;
            }
            k += 1;
        }
        let start = type_start?;
        let mut path = vec![header[start].clone()];
        let mut k = start + 1;
        while k + 1 < header.len() && header[k].is(source, "::") && header[k + 1].kind == Kind::Ident {
            path.push(header[k + 1].clone());
            k += 2;
        }
        Some(path)
    }
}

/// Whether `tokens` (a function's body, its groups included) bind a value named `name`
/// again: after `let`, `mut`, `ref`, `for`, between a closure's bars, or as a `match` arm's
/// or `let`'s pattern group (`let (a, name) =`, `Some(name) =>`).
fn rebinds(source: &str, tokens: &[Token], name: &str) -> bool {
    let mut in_bars = false;
    for (k, token) in tokens.iter().enumerate() {
        if token.is(source, "|") {
            in_bars = !in_bars;
            continue;
        }
        let after = |text: &str| k >= 1 && tokens[k - 1].is(source, text);
        if token.is(source, name) && (in_bars || ["let", "mut", "ref", "for", "@"].iter().any(|t| after(t))) {
            return true;
        }
        if let Kind::Group(_) = token.kind {
            let pattern = after("let")
                || tokens
                    .get(k + 1)
                    .is_some_and(|t| t.is(source, "=") || t.is(source, "=>"));
            if pattern && holds_name(source, token, name) || rebinds(source, &token.inner, name) {
                return true;
            }
        }
    }
    false
}

/// Whether a group's tokens write `name` anywhere.
fn holds_name(source: &str, group: &Token, name: &str) -> bool {
    group
        .inner
        .iter()
        .any(|t| t.is(source, name) || (matches!(t.kind, Kind::Group(_)) && holds_name(source, t, name)))
}

/// The path written just before `tokens[end]` (`a::b` of `a::b::name`, `Owner` of `Owner {`),
/// its segments' names (`$crate` as `crate`); empty when no name is.
fn path_before(source: &str, tokens: &[Token], end: usize) -> Vec<Token> {
    let mut path = Vec::new();
    // `end` is the `::` before the name, or the group after the path.
    let mut k = end;
    while let Some(segment) = k.checked_sub(1).map(|j| &tokens[j]).filter(|t| t.kind == Kind::Ident) {
        path.push(segment.clone());
        k -= 1;
        if k < 2 || !tokens[k - 1].is(source, "::") {
            break;
        }
        k -= 1;
    }
    path.reverse();
    path
}

/// Whether a token written at byte `at` is among a group's tokens.
fn holds(group: &Token, at: usize) -> bool {
    group
        .inner
        .iter()
        .any(|t| (t.span.0 == at && t.kind == Kind::Ident) || (matches!(t.kind, Kind::Group(_)) && holds(t, at)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(source: &str, tokens: &[Token]) -> Vec<String> {
        tokens
            .iter()
            .map(|t| match t.kind {
                Kind::Group(d) => format!("{}{}", d as char, texts(source, &t.inner).join(" ")),
                _ => t.text(source).to_string(),
            })
            .collect()
    }

    #[test]
    fn tokens_pair_groups_and_read_literals_lifetimes_and_doc_comments() {
        let source = "/// doc\nfoo::<'a>(b\"x\", 'c', r#\"q\"#, 1.5e3) => {x..=y}";
        let tokens = tokenize(source, 0, source.len()).unwrap();
        assert_eq!(
            texts(source, &tokens),
            [
                "#",
                "[doc = /// doc",
                "foo",
                "::",
                "<",
                "'a",
                ">",
                "(b\"x\" , 'c' , r#\"q\"# , 1.5e3",
                "=>",
                "{x ..= y"
            ]
        );
        assert!(tokenize("(]", 0, 2).is_none());
    }

    #[test]
    fn a_repetition_binds_each_fragment_and_the_body_repeats_it() {
        let source = "($($wrap:ident($ty:ty))*) { $(impl X for $ty { P::$wrap })* } I8(i8) I16(Vec<u8>)";
        let all = tokenize(source, 0, source.len()).unwrap();
        let pattern = matchers(source, &all[0].inner).unwrap();
        let mut matching = Matching { source, steps: 0 };
        let found = matching.sequence(&pattern, &all[2..], 0).unwrap();
        let (end, bindings) = found.into_iter().find(|(end, _)| *end == 4).unwrap();
        assert_eq!(end, 4);
        let mut out = Vec::new();
        transcribe(source, &all[1].inner, &bindings, &mut Vec::new(), &mut out).unwrap();
        assert_eq!(
            texts(source, &out),
            [
                "impl",
                "X",
                "for",
                "i8",
                "{P :: I8",
                "impl",
                "X",
                "for",
                "Vec",
                "<",
                "u8",
                ">",
                "{P :: I16"
            ]
        );
    }

    #[test]
    fn fragments_stop_where_their_follow_tokens_start() {
        let source = "a + b, Vec<A, B> = c";
        let tokens = tokenize(source, 0, source.len()).unwrap();
        assert_eq!(fragment_end(source, "expr", &tokens, 0), Some(Some(3)));
        assert_eq!(fragment_end(source, "ty", &tokens, 4), Some(Some(10)));
        assert_eq!(fragment_end(source, "ident", &tokens, 1), Some(None));
        assert_eq!(fragment_end(source, "unknown", &tokens, 0), None);
    }
}
