// A deterministic news-style article of at least 10 KiB for the content benchmark: headings, paragraphs with
// own and external links, emphasis, a list, a fee table, images and a few inline styles.
export function article(minBytes = 10 * 1024): string {
  const parts: string[] = [];
  let i = 0;
  while (parts.join('').length < minBytes) {
    parts.push(
      `<h2 style="color: #1a1a1a; text-align: left">Market update ${i}</h2>`,
      `<p>Trading volume on <a href="https://www.example.com/markets/BTC_USDT">BTC/USDT</a> rose by <strong>${(i * 7) % 40}.5%</strong> ` +
        `while <em>funding rates</em> stayed flat. Read the <a href="https://partner.example.org/research/${i}" target="_blank">partner research</a> ` +
        `or open the <a href="/en/futures/ETHUSDT">ETH perpetual</a> to trade it.</p>`,
      `<ul><li>Maker fee <code>0.02%</code></li><li>Taker fee <code>0.05%</code></li><li>Withdrawal limits unchanged</li></ul>`,
      `<table><thead><tr><th>Pair</th><th>Last</th><th>Change</th></tr></thead><tbody>` +
        `<tr><td>BTC/USDT</td><td>6${i}123.45</td><td style="color: rgb(0, 160, 90)">+1.2%</td></tr>` +
        `<tr><td>ETH/USDT</td><td>3${i}21.09</td><td style="color: rgb(220, 50, 50)">-0.4%</td></tr></tbody></table>`,
      `<p><img src="https://static.example.com/img/chart-${i}.png" alt="chart ${i}" width="640" height="320"><br>` +
        `<small>Source: exchange data, <a href="mailto:press@example.com">press@example.com</a></small></p>`,
    );
    i++;
  }
  return parts.join('\n');
}
