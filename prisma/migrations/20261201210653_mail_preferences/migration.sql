-- CreateTable
CREATE TABLE "MailPreference" (
    "userId" INTEGER NOT NULL,
    "group" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailPreference_pkey" PRIMARY KEY ("userId","group")
);

-- CreateTable
CREATE TABLE "MailDigest" (
    "userId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MailDigest_pkey" PRIMARY KEY ("userId","day")
);
