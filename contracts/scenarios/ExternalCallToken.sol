// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice The balance tracker an ExternalCallToken reports every transfer to. Its owner can make
/// it revert, which stops every transfer of the token: a honeypot switch outside the token.
contract BalanceTracker {
    address public immutable admin;
    bool public halted;
    mapping(address account => uint256) public reports;

    constructor() {
        admin = msg.sender;
    }

    function setHalted(bool halted_) external {
        require(msg.sender == admin, "admin");
        halted = halted_;
    }

    function track(address from, address to, uint256) external {
        require(!halted, "halted");
        reports[from] += 1;
        reports[to] += 1;
    }
}

/// @notice Risky: every transfer calls an external contract (a "dividend tracker") that the owner
/// controls and can swap.
contract ExternalCallToken is OwnedPairToken {
    BalanceTracker public tracker;

    constructor(uint256 supply, BalanceTracker tracker_) OwnedPairToken("Dividend Plus", "DIVP", supply) {
        tracker = tracker_;
    }

    function setTracker(BalanceTracker tracker_) external onlyOwner {
        tracker = tracker_;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        _move(from, to, value);
        tracker.track(from, to, value);
    }
}
