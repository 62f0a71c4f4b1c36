# awk -v n=N -v dir=DIR -f runs-over-kernels.awk: N run folders
# DIR/run-0001 ... (made before), each a dmesg.txt of one deep cycle, as
# a store of pmscope watch over three kernels: 6.1 for the first third,
# 6.12 for the second, 7.2 for the rest, each with its own level of
# suspend and resume; the figures within vary by a fixed seed.
function p(f, t, m) { printf "[%12.6f] %s\n", t, m > f }
BEGIN {
	srand(7)
	for (i = 1; i <= n; i++) {
		k = i <= n / 3 ? "6.1.0-27-amd64" : i <= 2 * n / 3 ? "6.12.9-amd64" : "7.2.0-1-amd64"
		base = i <= n / 3 ? 180 : i <= 2 * n / 3 ? 240 : 150
		s = base + int(rand() * 120000) / 1000
		r = 2 * base + int(rand() * 200000) / 1000
		f = sprintf("%s/run-%04d/dmesg.txt", dir, i)
		p(f, 0, "Linux version " k " (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian")
		t = 100
		p(f, t, "PM: suspend entry (deep)")
		p(f, t + 0.001, "Filesystems sync: 0.001 seconds")
		p(f, t + 0.002, "Freezing user space processes")
		p(f, t + 0.010, "Freezing user space processes completed (elapsed 0.008 seconds)")
		p(f, t + 0.011, "OOM killer disabled.")
		d = t + s / 1000 - 0.02
		p(f, d, sprintf("PM: suspend of devices complete after %.3f msecs", (d - t - 0.011) * 1000))
		p(f, t + s / 1000 - 0.01, "ACPI: PM: Preparing to enter system sleep state S3")
		p(f, t + s / 1000, "ACPI: PM: Saving platform NVS memory")
		w = t + s / 1000 + 0.001
		p(f, w, "ACPI: PM: Low-level resume complete")
		p(f, w + r / 1000 - 0.03, sprintf("PM: resume of devices complete after %.3f msecs", r - 40))
		p(f, w + r / 1000 - 0.02, "OOM killer enabled.")
		p(f, w + r / 1000 - 0.01, "Restarting tasks ... done.")
		p(f, w + r / 1000, "PM: suspend exit")
		close(f)
	}
}
