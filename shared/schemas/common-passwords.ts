// About a hundred of the most used passwords (from public breach-frequency lists), lowercased.
// Short ones stay in the list because they also catch longer variants such as 'password2026!'.
export const commonPasswords: ReadonlySet<string> = new Set([
  '123456', '123456789', '12345678', 'password', 'qwerty', '123123', '12345', '1234567', '111111', '1234567890',
  '000000', 'abc123', 'password1', 'iloveyou', '1q2w3e4r', 'qwerty123', 'qwertyuiop', '123321', '654321', '666666',
  '987654321', '123qwe', '1qaz2wsx', '7777777', '121212', 'zxcvbnm', 'asdfghjkl', 'dragon', 'monkey', 'letmein',
  'football', 'baseball', 'cricket', 'sunshine', 'princess', 'welcome', 'admin', 'administrator', 'master', 'shadow',
  'superman', 'batman', 'trustno1', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'hello', 'hello123', 'freedom', 'whatever',
  'qazwsx', 'michael', 'charlie', 'jennifer', 'jessica', 'ashley', 'football1', 'starwars', 'login', 'access',
  'mustang', 'password123', 'password1234', 'qwerty12345', 'qwertyuiop123', '1q2w3e4r5t', 'q1w2e3r4t5', '1qaz2wsx3edc',
  'zaq12wsx', 'zaq1zaq1', 'abcdefghij', 'abcd1234', 'aa123456', '0987654321', '1111111111', '9876543210',
  'iloveyou123', 'welcome123', 'admin123', 'admin1234', 'admin12345', 'letmein123', 'changeme', 'secret',
  'computer', 'internet', 'india', 'india123', 'indian', 'pune', 'mumbai', 'krishna', 'ganesh', 'sairam', 'omsairam',
  'dentist', 'dental', 'doctor', 'clinic', 'smile', 'smilecare', 'default', 'test', 'test123', 'guest',
]);
