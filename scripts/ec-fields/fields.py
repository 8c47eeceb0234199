import sys
import os
# Writes the straight-line Montgomery fields of P-192, P-224, P-256 and P-384 into OUT.
# The committed files started from this output and were then specialised by hand: P-256's
# reduction follows the shape of its prime (P256Field.reduce), P-384's squaring lives in its own
# file, and P-521 (nine 58-bit limbs, p521body.txt) is not Montgomery at all. Regenerating
# therefore overwrites those specialisations: diff before committing.
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Sources', 'VouchCrypto', 'ECDSA', 'Fields') + '/'
curves = {
 'P192': (2**192 - 2**64 - 1, 3, 'p = 2^192 − 2^64 − 1'),
 'P224': (2**224 - 2**96 + 1, 4, 'p = 2^224 − 2^96 + 1'),
 'P256': (2**256 - 2**224 + 2**192 + 2**96 - 1, 4, 'p = 2^256 − 2^224 + 2^192 + 2^96 − 1'),
 'P384': (2**384 - 2**128 - 2**96 + 2**32 - 1, 6, 'p = 2^384 − 2^128 − 2^96 + 2^32 − 1'),
}
def words(v, n): return [(v >> (64*i)) & (2**64-1) for i in range(n)]
def h(v): return '0x%016x' % v
def hs(v):
    s = '%016x' % v
    return '0x' + '_'.join(s[i:i+4] for i in range(0,16,4))

def montgomery(name, p, n, formula):
    inv = (-pow(p, -1, 2**64)) % 2**64
    R = 2**(64*n)
    one = words(R % p, n); r2 = words(R*R % p, n); pw = words(p, n)
    nbytes = (p.bit_length()+7)//8
    W = [f'w{i}' for i in range(n)]
    L = []
    a = L.append
    a(f'/// GF(p) for {name[0]}-{name[1:]}, {formula}, in Montgomery form a·2^{64*n} mod p, in {n} words.')
    a('///')
    a('/// Straight-line code with the prime\'s words as literals, so the optimiser folds the')
    a('/// multiplications by 0 and by 2^64 − 1 in the reduction. Multiplication is CIOS')
    a('/// (Koç–Acar–Kaliski 1996); squaring computes the cross products once, doubles them, adds the')
    a('/// squares and reduces word by word (SOS). Elements are always fully reduced (< p).')
    a(f'struct {name}Field: PrimeField {{')
    a(f'    /// {n} little-endian words of a·R mod p.')
    a('    struct Element: Sendable {')
    a('        var ' + ', '.join(W) + ': UInt64')
    a('    }')
    a('')
    a('    /// −p⁻¹ mod 2^64.')
    a(f'    static let inverseWord: UInt64 = {hs(inv)}')
    a('    /// R² mod p, to bring integers into Montgomery form.')
    a(f'    static let rSquared = Element(' + ', '.join(f'{W[i]}: {hs(r2[i])}' for i in range(n)) + ')')
    a('')
    a('    let modulusWords: [UInt64] = [' + ', '.join(hs(x) for x in pw) + ']')
    a(f'    let byteCount = {nbytes}')
    a('    var zero: Element { Element(' + ', '.join(f'{w}: 0' for w in W) + ') }')
    a('    /// R mod p.')
    a('    var one: Element { Element(' + ', '.join(f'{W[i]}: {hs(one[i])}' for i in range(n)) + ') }')
    a('')
    a('    func element(fromBigEndian bytes: ArraySlice<UInt8>) -> Element? {')
    a(f'        element(fromWords: WordArithmetic.words(fromBigEndian: bytes, count: {n}))')
    a('    }')
    a('')
    a('    func element(fromWords words: [UInt64]) -> Element? {')
    a(f'        guard words.count >= {n}, WordArithmetic.compare(words, modulusWords) < 0 else {{ return nil }}')
    a('        let plain = Element(' + ', '.join(f'{W[i]}: words[{i}]' for i in range(n)) + ')')
    a('        return multiply(plain, Self.rSquared)')
    a('    }')
    a('')
    a('    func words(_ element: Element) -> [UInt64] {')
    a('        let plain = multiply(element, Element(' + ', '.join(f'{W[i]}: {1 if i == 0 else 0}' for i in range(n)) + '))')
    a('        return [' + ', '.join(f'plain.{w}' for w in W) + ']')
    a('    }')
    a('')
    # add
    a('    @inline(__always)')
    a('    func add(_ a: Element, _ b: Element) -> Element {')
    a('        var carry: UInt64 = 0')
    for i in range(n): a(f'        let s{i} = addWithCarry(a.{W[i]}, b.{W[i]}, &carry)')
    a('        return Self.subtractModulusIfNeeded(' + ', '.join(f's{i}' for i in range(n)) + ', high: carry)')
    a('    }')
    a('')
    a('    @inline(__always)')
    a('    func subtract(_ a: Element, _ b: Element) -> Element {')
    a('        var borrow: UInt64 = 0')
    for i in range(n): a(f'        let d{i} = subtractWithBorrow(a.{W[i]}, b.{W[i]}, &borrow)')
    a('        // Add p back exactly when the subtraction borrowed.')
    a('        let mask = 0 &- borrow')
    a('        var carry: UInt64 = 0')
    a('        return Element(')
    for i in range(n):
        a(f'            {W[i]}: addWithCarry(d{i}, {hs(pw[i])} & mask, &carry)' + (',' if i < n-1 else ')'))
    a('    }')
    a('')
    a('    @inline(__always)')
    a('    func negate(_ a: Element) -> Element { subtract(zero, a) }')
    a('')
    # multiply CIOS
    a('    /// a·b·R⁻¹ mod p.')
    a('    @inline(__always)')
    a('    func multiply(_ a: Element, _ b: Element) -> Element {')
    a('        var carry: UInt64 = 0')
    a('        var top: UInt64 = 0')
    a('        var m: UInt64 = 0')
    a('        var high: UInt64 = 0')
    T = [f't{i}' for i in range(n+1)]
    a('        var ' + ', '.join(f'{t}: UInt64 = 0' for t in T))
    for i in range(n):
        a(f'        // Word {i} of b, then one reduction step.')
        a('        carry = 0')
        for j in range(n):
            a(f'        t{j} = multiplyAdd(a.{W[j]}, b.{W[i]}, t{j}, &carry)')
        a(f'        t{n} = addWithCarry(t{n}, carry, &top)')
        a(f'        m = t0 &* Self.inverseWord')
        a('        carry = 0')
        a(f'        _ = multiplyAdd(m, {hs(pw[0])}, t0, &carry)')
        for j in range(1, n):
            a(f'        t{j-1} = multiplyAdd(m, {hs(pw[j])}, t{j}, &carry)')
        a('        high = 0')
        a(f'        t{n-1} = addWithCarry(t{n}, carry, &high)')
        a(f'        t{n} = top &+ high')
        a('        top = 0')
    a(f'        return Self.subtractModulusIfNeeded(' + ', '.join(f't{i}' for i in range(n)) + f', high: t{n})')
    a('    }')
    a('')
    # square SOS
    a('    /// a²·R⁻¹ mod p.')
    a('    @inline(__always)')
    a('    func square(_ a: Element) -> Element {')
    Tq = [f'r{i}' for i in range(2*n)]
    a('        var ' + ', '.join(f'{t}: UInt64 = 0' for t in Tq))
    a('        var carry: UInt64 = 0')
    a('        // Cross products a_i·a_j, i < j.')
    for i in range(n-1):
        a('        carry = 0')
        for j in range(i+1, n):
            a(f'        r{i+j} = multiplyAdd(a.{W[i]}, a.{W[j]}, r{i+j}, &carry)')
        a(f'        r{i+n} = carry')
    a('        // Doubled, plus the squares a_i².')
    a(f'        r{2*n-1} = r{2*n-2} >> 63')
    for k in range(2*n-2, 0, -1):
        a(f'        r{k} = r{k} << 1 | r{k-1} >> 63')
    a('        r0 = r0 << 1')
    a('        carry = 0')
    for i in range(n):
        a(f'        let (high{i}, low{i}) = a.{W[i]}.multipliedFullWidth(by: a.{W[i]})')
        a(f'        r{2*i} = addWithCarry(r{2*i}, low{i}, &carry)')
        a(f'        r{2*i+1} = addWithCarry(r{2*i+1}, high{i}, &carry)')
    a('        // Montgomery reduction, one word at a time.')
    a('        var top: UInt64 = 0')
    a('        var m: UInt64 = 0')
    for i in range(n):
        a(f'        m = r{i} &* Self.inverseWord')
        a('        carry = 0')
        for j in range(n):
            a(f'        r{i+j} = multiplyAdd(m, {hs(pw[j])}, r{i+j}, &carry)')
        a(f'        r{i+n} = addWithCarry(r{i+n}, carry, &top)')
    a(f'        return Self.subtractModulusIfNeeded(' + ', '.join(f'r{n+i}' for i in range(n)) + ', high: top)')
    a('    }')
    a('')
    a('    @inline(__always)')
    a('    func isZero(_ a: Element) -> Bool { (' + ' | '.join(f'a.{w}' for w in W) + ') == 0 }')
    a('')
    a('    @inline(__always)')
    a('    func areEqual(_ a: Element, _ b: Element) -> Bool {')
    a('        (' + ' | '.join(f'(a.{w} ^ b.{w})' for w in W) + ') == 0')
    a('    }')
    a('')
    a('    /// The value minus p when high·2^' + str(64*n) + ' + value ≥ p, else the value; for values below 2p.')
    a('    @inline(__always)')
    a('    static func subtractModulusIfNeeded(')
    a('        ' + ', '.join(f'_ v{i}: UInt64' for i in range(n)) + ', high: UInt64')
    a('    ) -> Element {')
    a('        var borrow: UInt64 = 0')
    for i in range(n): a(f'        let d{i} = subtractWithBorrow(v{i}, {hs(pw[i])}, &borrow)')
    a('        // Keep the value exactly when subtracting p borrowed past the high word.')
    a('        let keep = 0 &- (borrow & ~high & 1)')
    a('        return Element(')
    for i in range(n):
        a(f'            {W[i]}: (v{i} & keep) | (d{i} & ~keep)' + (',' if i < n-1 else ')'))
    a('    }')
    a('}')
    open(OUT + f'{name}Field.swift', 'w').write('\n'.join(L) + '\n')

for name,(p,n,formula) in curves.items():
    montgomery(name, p, n, formula)

# P-521 multiply and square bodies
def p521():
    L=[]; a=L.append
    a('    @inline(__always)')
    a('    func multiply(_ a: Element, _ b: Element) -> Element {')
    for i in range(9): a(f'        let a{i} = UInt128(a.w{i}), b{i} = UInt128(b.w{i})' + (f', d{i} = UInt128(b.w{i} &<< 1)' if i else ''))
    for k in range(9):
        terms=[]
        for i in range(9):
            j=k-i
            terms.append(f'a{i} &* b{j}' if j>=0 else f'a{i} &* d{j+9}')
        a(f'        var c{k}: UInt128 = {terms[0]}')
        for t in terms[1:]: a(f'        c{k} &+= {t}')
    a('        return Self.carry(' + ', '.join(f'c{k}' for k in range(9)) + ')')
    a('    }')
    a('')
    a('    @inline(__always)')
    a('    func square(_ a: Element) -> Element {')
    for i in range(9): a(f'        let a{i} = UInt128(a.w{i})' + (f', d{i} = UInt128(a.w{i} &<< 1)' if i else '') + (f', q{i} = UInt128(a.w{i} &<< 2)' if i >= 5 else ''))
    for k in range(9):
        terms=[]
        for i in range(9):
            j=k-i
            if j>=0:
                if i<j: terms.append(f'a{i} &* d{j}')
                elif i==j: terms.append(f'a{i} &* a{i}')
            else:
                w=j+9
                if i<w: terms.append(f'a{i} &* q{w}')
                elif i==w: terms.append(f'a{i} &* d{i}')
        a(f'        var c{k}: UInt128 = {terms[0]}')
        for t in terms[1:]: a(f'        c{k} &+= {t}')
    a('        return Self.carry(' + ', '.join(f'c{k}' for k in range(9)) + ')')
    a('    }')
    print('\n'.join(L))
if len(sys.argv)>1: p521()
